/**
 * The words of the generated screens, keyed from the declarations (`resources.<name>.fields.<field>`, react-admin's
 * own convention, so that its inputs and column headers find their labels without being given one), merged into
 * the admin's English messages by i18n.ts. A second language is a file of the same keys.
 */
import { useCallback } from 'react';
import { useTranslate, type StringMap } from 'react-admin';
import { resources, type ResourceDeclaration } from '../../resources/index.ts';
import { addBackOfficeWords } from '../i18n.ts';
import { labelKeys } from '../i18n/validation.ts';
import { GENERATED_MESSAGES, RICH_TEXT_TOOLBAR } from './words.ts';

export { GENERATED_MESSAGES, RICH_TEXT_TOOLBAR };

/** One resource's messages: its name, field labels (items' fields as `<field>.<inner>`) and sentences. */
export function resourceMessages(resource: ResourceDeclaration): StringMap {
  const { one, many } = resource.label;
  const form = resource.form ?? {};
  // A failure's sentences exist only where the declaration gives them; the form falls back to the generated words.
  const failure = (which: 'create' | 'edit') => {
    const declared = form.failure?.[which] ?? {};
    return Object.fromEntries(
      (['refused', 'unanswered'] as const).filter((k) => declared[k]).map((k) => [k, declared[k]!]),
    );
  };
  const fields: Record<string, string> = {};
  for (const [name, decl] of Object.entries(resource.fields)) {
    fields[name] = decl.label;
    if (decl.kind === 'items') {
      for (const [inner, itemDecl] of Object.entries(decl.fields)) fields[`${name}.${inner}`] = itemDecl.label;
      fields[`${name}.item`] = `${decl.itemLabel} #%{n}`;
      fields[`${name}.add`] = `Add ${decl.itemLabel}`;
      fields[`${name}.all`] = `All ${decl.label}`;
      // How many a record holds, in a list's column: "1 image", "3 images".
      const noun = decl.itemLabel.toLowerCase();
      fields[`${name}.count`] = `%{smart_count} ${noun} |||| %{smart_count} ${noun}s`;
    }
  }
  // The values of enum fields as people read them (`choices.status.Active`); English shows the value itself.
  // A boolean's declared words likewise (`choices.is_active.true`: "Active").
  const choices = Object.fromEntries(
    Object.entries(resource.fields).flatMap(([name, decl]) => {
      if (decl.kind === 'enum') return [[name, Object.fromEntries(decl.values.map((value) => [value, value]))]];
      if (decl.kind === 'boolean' && decl.words) return [[name, { true: decl.words.true, false: decl.words.false }]];
      return [];
    }),
  );
  const list = resource.list;
  const deleteFailure = resource.messages?.deleteFailure;
  // Sentences a dialog shows in place of a delete, by the resource whose records keep it (deleteBlockedBy.listed).
  const deleteBlocked = Object.fromEntries(
    (resource.deleteBlockedBy ?? []).flatMap((block) => (block.listed ? [[block.resource, block.listed.dialog]] : [])),
  );
  const emptyValue = Object.fromEntries(
    Object.entries(resource.fields).flatMap(([name, decl]) => (decl.emptyText ? [[name, decl.emptyText]] : [])),
  );
  return {
    name: `${one} |||| ${many}`,
    fields,
    choices,
    emptyValue,
    title: { list: list.title ?? many, create: `Add ${one}`, edit: `Edit ${one}`, show: `${one} Details` },
    add: `Add ${one}`,
    search: resource.list.searchPlaceholder ?? `Search ${many.toLowerCase()}`,
    empty: resource.list.empty,
    notFound: resource.messages?.notFound ?? `${one} not found.`,
    created: `${one} added successfully.`,
    updated: `${one} updated successfully.`,
    deleted: `${one} deleted successfully.`,
    deleteTitle: `Delete ${one}`,
    deleteConfirm: resource.messages?.deleteConfirm ?? `Are you sure you want to delete this ${one.toLowerCase()}?`,
    // The list's words beyond the defaults, where the declaration gives them.
    ...(list.headers ? { headers: { ...list.headers } } : {}),
    ...(list.actionHeader ? { actionHeader: list.actionHeader } : {}),
    ...(list.numberHeader ? { numberHeader: list.numberHeader } : {}),
    ...(list.rowChip ? { rowChip: list.rowChip.label } : {}),
    ...(Object.keys(deleteBlocked).length > 0 ? { deleteBlocked } : {}),
    ...(resource.messages?.show ? { show: { ...resource.messages.show } } : {}),
    ...(deleteFailure
      ? {
          deleteFailure: Object.fromEntries(
            Object.entries(deleteFailure).map(([key, sentence]) => [key, sentence.replace('{message}', '%{message}')]),
          ),
        }
      : {}),
    form: {
      update: form.updateLabel ?? 'Save',
      failure: { create: failure('create'), edit: failure('edit') },
      editRequired: { ...form.editRequired },
      section: Object.fromEntries((form.sections ?? []).map((section, index) => [String(index), section.title])),
      ...(form.choicesFailed ? { choicesFailed: { ...form.choicesFailed } } : {}),
    },
    ...(resource.menu ? { menu: resource.menu.label } : {}),
    // Its row in the permission table (employees/parts.tsx), unless its records are each an account's own.
    ...(resource.ownedBy ? {} : { subFeature: resource.permission.subFeature }),
  };
}

/**
 * Every declared resource's messages, the generated screens' own words under `generated`, and the editor's buttons
 * under react-admin's `ra.tiptap` (i18n.ts merges them into react-admin's `ra`).
 */
export function declarationMessages(list: readonly ResourceDeclaration[] = resources): StringMap {
  return {
    resources: Object.fromEntries(list.map((resource) => [resource.name, resourceMessages(resource)])),
    generated: { ...GENERATED_MESSAGES },
    ra: { tiptap: { ...RICH_TEXT_TOOLBAR } },
  };
}

/** The words of one resource: `text('empty')`, `text('fields.title')`; the declaration's own words if missing. */
export function useResourceText(resource: ResourceDeclaration) {
  const translate = useTranslate();
  return useCallback(
    (key: string, options: Record<string, unknown> = {}) => {
      const fallback = lookup(resourceMessages(resource), key);
      return translate(`resources.${resource.name}.${key}`, { _: fallback ?? key, ...options });
    },
    [translate, resource],
  );
}

/** The generated screens' own words (`generated.view`). */
export function useGeneratedText() {
  const translate = useTranslate();
  return useCallback(
    (key: keyof typeof GENERATED_MESSAGES, options: Record<string, unknown> = {}) =>
      translate(`generated.${key}`, { _: GENERATED_MESSAGES[key], ...options }),
    [translate],
  );
}

/** Whether a resource has a sentence of its own under `key` (its declaration gives one). */
export function hasResourceText(resource: ResourceDeclaration, key: string): boolean {
  return lookup(resourceMessages(resource), key) !== undefined;
}

function lookup(messages: StringMap, key: string): string | undefined {
  const [head, ...rest] = key.split('.');
  const value = messages[head!];
  if (rest.length === 0) return typeof value === 'string' ? value : undefined;
  if (value && typeof value === 'object') {
    // Field keys may themselves hold a dot (`images.description`).
    const flat = (value as StringMap)[rest.join('.')];
    if (typeof flat === 'string') return flat;
    return lookup(value as StringMap, rest.join('.'));
  }
  return undefined;
}

/**
 * The declarations' words join the admin's English as the back-office (every screen that shows a declared
 * resource imports this module) loads; the sign-in screens, which show none, never download them.
 */
export const backOfficeWordsReady: Promise<void> = addBackOfficeWords(declarationMessages(), labelKeys(resources));
