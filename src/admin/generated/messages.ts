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

/** Words of every generated screen, not of one resource. */
export const GENERATED_MESSAGES = {
  serialNumber: 'S.No',
  createdAt: 'Created At',
  from: 'From',
  to: 'To',
  status: 'Status',
  new: 'New',
  seen: 'Read',
  action: 'Action',
  view: 'View',
  all: 'All',
  yes: 'Yes',
  no: 'No',
  formProblem: 'Please correct the highlighted fields.',
  select: 'Select %{label}',
  chooseFirst: 'Choose a %{label} first.',
  choicesFailed: 'The choices could not be loaded. Please try again.',
  saveRefused: 'The server did not save it. Please check the form and try again.',
  saveUnanswered: 'The server could not be reached. Please check the connection and try again.',
  pagination: 'Pagination',
  previous: 'Previous',
  next: 'Next',
  pageOf: 'Page %{page} of %{pages}',
} as const;

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
    }
  }
  // The values of enum fields as people read them (`choices.status.Active`); English shows the value itself.
  const choices = Object.fromEntries(
    Object.entries(resource.fields).flatMap(([name, decl]) =>
      decl.kind === 'enum' ? [[name, Object.fromEntries(decl.values.map((value) => [value, value]))]] : [],
    ),
  );
  const emptyValue = Object.fromEntries(
    Object.entries(resource.fields).flatMap(([name, decl]) => (decl.emptyText ? [[name, decl.emptyText]] : [])),
  );
  return {
    name: `${one} |||| ${many}`,
    fields,
    choices,
    emptyValue,
    title: { list: many, create: `Add ${one}`, edit: `Edit ${one}`, show: `${one} Details` },
    add: `Add ${one}`,
    search: resource.list.searchPlaceholder ?? `Search ${many.toLowerCase()}`,
    empty: resource.list.empty,
    notFound: resource.messages?.notFound ?? `${one} not found.`,
    created: `${one} added successfully.`,
    updated: `${one} updated successfully.`,
    deleted: `${one} deleted successfully.`,
    deleteTitle: `Delete ${one}`,
    deleteConfirm: resource.messages?.deleteConfirm ?? `Are you sure you want to delete this ${one.toLowerCase()}?`,
    form: {
      update: form.updateLabel ?? 'Save',
      failure: { create: failure('create'), edit: failure('edit') },
      editRequired: { ...form.editRequired },
      section: Object.fromEntries((form.sections ?? []).map((section, index) => [String(index), section.title])),
      ...(form.choicesFailed ? { choicesFailed: { ...form.choicesFailed } } : {}),
    },
    ...(resource.menu ? { menu: resource.menu.label } : {}),
  };
}

/** Every declared resource's messages, and the generated screens' own words under `generated`. */
export function declarationMessages(list: readonly ResourceDeclaration[] = resources): StringMap {
  return {
    resources: Object.fromEntries(list.map((resource) => [resource.name, resourceMessages(resource)])),
    generated: { ...GENERATED_MESSAGES },
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
