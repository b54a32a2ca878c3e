/**
 * Validation derived from a resource declaration, shared by the server (request validation, OpenAPI) and the
 * admin (form validation), so both speak the same sentences.
 */
import { z } from 'zod';
import {
  requiredMessage,
  type FieldDeclaration,
  type ItemFieldDeclaration,
  type ItemsField,
  type ResourceDeclaration,
} from './define.ts';
import { IMAGE_PATH, isFilePath, isImageAddress, isWebAddress } from './media.ts';
import { say, sayOfItem } from './sentences.ts';
import { CAPABILITIES, SCOPES, catalogueProblems, type PermissionMatrix } from './permissions.ts';

export interface FieldError {
  field: string;
  message: string;
  /** Where inside the field, for a list of items: `['images', 1, 'description']`. */
  path?: (string | number)[];
}

/**
 * The most characters of a text field that declares no `maxLength` of its own: every text is measured before
 * anything else looks at it (checkDeclarations asks writable text fields to declare their own).
 */
export const TEXT_MAX_LENGTH = 5000;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** `YYYY-MM-DD` naming a day that exists (no 31 February). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The sentence of a number below its field's minimum: a field that starts at 0 says a negative is not allowed. */
export function belowMinimum(label: string, min: number): string {
  return min === 0 ? say('negative', { label }) : say('atLeast', { label, min });
}

function missing(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

/** The schema of one field's value as a client submits it. */
/**
 * Schemas made once per declaration: a declaration does not change, and making a zod schema (and compiling its fast
 * path) costs many times what checking a value does: an import checks 10,000 rows against one.
 */
const fieldSchemas = new WeakMap<FieldDeclaration | ItemFieldDeclaration, z.ZodType>();
const recordSchemas = new WeakMap<ResourceDeclaration, z.ZodType>();

export function fieldSchema(decl: FieldDeclaration | ItemFieldDeclaration): z.ZodType {
  let schema = fieldSchemas.get(decl);
  if (!schema) {
    schema = newFieldSchema(decl);
    fieldSchemas.set(decl, schema);
  }
  return schema;
}

function newFieldSchema(decl: FieldDeclaration | ItemFieldDeclaration): z.ZodType {
  const required = requiredMessage(decl);
  const absentMessage = required ?? say('required', { label: decl.label });
  const typeError = (expected: string) => (issue: { input?: unknown }) =>
    missing(issue.input) ? absentMessage : `${decl.label} must be ${expected}.`;

  let schema: z.ZodType;
  switch (decl.kind) {
    case 'text': {
      let text = z.string({ error: typeError('text') }).trim();
      if (required) text = text.min(1, { error: required });
      if (decl.minLength !== undefined)
        text = text.refine((v) => v === '' || v.length >= (decl.minLength ?? 0), {
          error: say('minLength', { label: decl.label, min: decl.minLength }),
        }) as unknown as typeof text;
      // The length first, and nothing after it when it fails: no pattern ever runs on a value too long to keep.
      const maxLength = decl.maxLength ?? TEXT_MAX_LENGTH;
      text = text.max(maxLength, { error: say('maxLength', { label: decl.label, max: maxLength }), abort: true });
      if (decl.pattern) {
        const pattern = new RegExp(decl.pattern.source);
        text = text.refine((v) => v === '' || pattern.test(v), {
          error: decl.pattern.message,
        }) as unknown as typeof text;
      }
      schema = decl.upperCase ? text.transform((v) => v.toUpperCase()) : text;
      if (!required) schema = schema.transform((v) => (v === '' ? null : v));
      break;
    }
    case 'enum':
      schema = z.enum(decl.values as [string, ...string[]], {
        error: (issue) =>
          missing(issue.input) ? absentMessage : say('oneOf', { label: decl.label, values: decl.values.join(', ') }),
      });
      break;
    case 'reference':
      schema = z
        .number({ error: typeError('chosen from the list') })
        .int({ error: say('fromList', { label: decl.label }) })
        .positive({ error: say('fromList', { label: decl.label }) });
      break;
    case 'integer': {
      // The bounds first: -5.5 is better told it is negative than that it is not whole.
      let int = z.number({ error: typeError('a whole number') });
      if (decl.min !== undefined) int = int.min(decl.min, { error: belowMinimum(decl.label, decl.min) });
      if (decl.max !== undefined)
        int = int.max(decl.max, { error: say('atMost', { label: decl.label, max: decl.max }) });
      schema = int.int({ error: say('wholeNumber', { label: decl.label }) });
      break;
    }
    case 'boolean':
      schema = z.boolean({ error: typeError('true or false') });
      break;
    case 'date': {
      const day = z.string({ error: typeError('a date (YYYY-MM-DD)') }).trim();
      // A required date left empty (a form's empty date input) is missing, as other fields say.
      const given = required ? day.refine((v) => v !== '', { error: required, abort: true }) : day;
      schema = given.refine(isCalendarDay, { error: say('date', { label: decl.label }) });
      break;
    }
    case 'permissions':
      schema = permissionsSchema(decl.label);
      break;
    case 'image': {
      const accepted = (v: string) => IMAGE_PATH.test(v) || (decl.allowUrl === true && isImageAddress(v));
      const expected = decl.allowUrl ? 'an uploaded image or the https:// address of one' : 'an uploaded image';
      const one = z
        .string({ error: typeError(expected) })
        .trim()
        .refine((v) => v === '' || accepted(v), {
          error: say(decl.allowUrl ? 'imageOrUrl' : 'image', { label: decl.label }),
        });
      if (decl.multiple) {
        const maxItems = decl.maxItems ?? 20;
        let list = z
          .array(one, { error: typeError(`a list of images`) })
          .max(maxItems, { error: say('maxImages', { label: decl.label, max: maxItems }) })
          .transform((items) => items.filter((v) => v !== ''));
        if (required) list = list.refine((items) => items.length > 0, { error: required }) as unknown as typeof list;
        schema = list;
      } else {
        schema = required
          ? one.refine((v) => v !== '', { error: required })
          : one.transform((v) => (v === '' ? null : v));
      }
      break;
    }
    case 'file': {
      const kinds = decl.accept.map((t) => t.toUpperCase()).join(', ');
      const expected = decl.allowUrl ? `an uploaded file (${kinds}) or a web address` : `an uploaded file (${kinds})`;
      const one = z
        .string({ error: typeError(expected) })
        .trim()
        .refine((v) => v === '' || isFilePath(v, decl.accept) || (decl.allowUrl === true && isWebAddress(v)), {
          error: say(decl.allowUrl ? 'fileOrUrl' : 'file', { label: decl.label, kinds }),
        });
      schema = required
        ? one.refine((v) => v !== '', { error: required })
        : one.transform((v) => (v === '' ? null : v));
      break;
    }
    case 'richText': {
      const maxLength = decl.maxLength ?? 100_000;
      let html = z
        .string({ error: typeError('text') })
        .trim()
        .max(maxLength, { error: say('tooLong', { label: decl.label, max: maxLength }), abort: true });
      if (required) html = html.refine((v) => hasVisibleText(v), { error: required }) as unknown as typeof html;
      schema = required ? html : html.transform((v) => (hasVisibleText(v) ? v : null));
      break;
    }
    case 'url': {
      const address = z
        .string({ error: typeError('a web address') })
        .trim()
        // The address of an image is shown as given, so it must be one the pages may show: https (media.ts).
        .refine((v) => v === '' || (decl.image ? isImageAddress(v) : isWebAddress(v)), {
          error: say(decl.image ? 'imageUrl' : 'url', { label: decl.label }),
        });
      schema = required
        ? address.refine((v) => v !== '', { error: required })
        : address.transform((v) => (v === '' ? null : v));
      break;
    }
    case 'items':
      schema = itemsSchema(decl, typeError);
      break;
    case 'datetime':
      schema = z
        .string({ error: typeError('a date and time') })
        .trim()
        .refine((v) => ISO_INSTANT.test(v) && !Number.isNaN(Date.parse(v)), {
          error: say('dateTime', { label: decl.label }),
        })
        .transform((v) => new Date(v));
      break;
  }
  return required ? schema : schema.nullable().optional();
}

export { CAPABILITIES, SCOPES };

/** Empty as a form leaves it: nothing, blank text or an empty list. */
function blank(value: unknown): boolean {
  return missing(value) || (Array.isArray(value) && value.length === 0);
}

/** One item of an items field: its own fields, nothing else (`{n}` in sentences is its place). */
export function itemSchema(decl: ItemsField) {
  return z.strictObject(
    Object.fromEntries(Object.entries(decl.fields).map(([name, field]) => [name, fieldSchema(field)])),
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `${decl.itemLabel} #{n}: unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}.`
          : `${decl.itemLabel} #{n} must be an object of its fields.`,
    },
  );
}

/**
 * A list of items, each checked against its own fields in order; a sentence's `{n}` is the item's place (1, 2,
 * ...), so the first problem of the first wrong item is what a person reads.
 */
function itemsSchema(decl: ItemsField, typeError: (expected: string) => (issue: { input?: unknown }) => string) {
  const maxItems = decl.maxItems ?? 50;
  const item = itemSchema(decl);
  const list = z
    .array(z.unknown(), { error: typeError(`a list of ${decl.itemLabel.toLowerCase()} items`) })
    .max(maxItems, { error: say('maxItems', { label: decl.label, max: maxItems }) })
    .transform((items, context) => {
      const value: Record<string, unknown>[] = [];
      for (const [index, input] of items.entries()) {
        const place = (message: string) => sayOfItem(message, index + 1);
        const result = item.safeParse(input);
        if (!result.success) {
          const [issue] = result.error.issues;
          context.addIssue({ code: 'custom', message: place(issue!.message), path: [index, ...issue!.path] });
          return z.NEVER;
        }
        const data = result.data as Record<string, unknown>;
        if (decl.oneOf && decl.oneOf.fields.every((field) => blank(data[field]))) {
          const path = [index, decl.oneOf.fields[0]!];
          context.addIssue({ code: 'custom', message: place(decl.oneOf.message), path });
          return z.NEVER;
        }
        value.push(data);
      }
      return value;
    });
  const required = requiredMessage(decl);
  return required ? list.refine((items) => items.length > 0, { error: required }) : list;
}

/** Whether formatted text shows anything: an editor's empty paragraph (`<p></p>`) does not, an image does. */
export function hasVisibleText(html: string): boolean {
  if (/<img\b/i.test(html)) return true;
  // `<[^<>]*>`, not `<[^>]*>`: a run of `<` without `>` would be scanned to its end from each `<` (quadratic).
  return (
    html
      .replace(/<[^<>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() !== ''
  );
}

/**
 * A permission matrix: `{ feature: { subFeature: { Self|Global: { View|Add|Edit|Delete: boolean } } } }`, with
 * only the features, sub-features and capabilities of the catalogue.
 */
function permissionsSchema(label: string) {
  const name = z.string().trim().min(1).max(100);
  const capabilities = z.partialRecord(z.enum(CAPABILITIES), z.boolean(), {
    error: `${label}: each scope holds View, Add, Edit and Delete, each true or false.`,
  });
  const scopes = z.partialRecord(z.enum(SCOPES), capabilities, {
    error: `${label}: each sub-feature holds the scopes Self and Global.`,
  });
  return z
    .record(name, z.record(name, scopes), {
      error: `${label} must be a matrix of feature, sub-feature, scope (Self, Global) and capability.`,
    })
    .superRefine((matrix, context) => {
      const problems = catalogueProblems(matrix as PermissionMatrix);
      if (problems.length > 0) context.addIssue({ code: 'custom', message: `${label}: ${problems.join(' ')}` });
    });
}

/** The default value of a field on create, when the client leaves it out. */
export function defaultValue(decl: FieldDeclaration): unknown {
  if (decl.kind === 'enum' || decl.kind === 'boolean' || decl.kind === 'text') return decl.default;
  if (decl.kind === 'datetime' && decl.defaultNow) return new Date().toISOString();
  if (decl.kind === 'permissions') return {};
  if ((decl.kind === 'image' && decl.multiple) || decl.kind === 'items') return [];
  return undefined;
}

/** The schema of a whole record's writable fields; unknown fields are refused. */
export function recordSchema(resource: ResourceDeclaration): z.ZodType {
  let schema = recordSchemas.get(resource);
  if (!schema) {
    schema = newRecordSchema(resource);
    recordSchemas.set(resource, schema);
  }
  return schema;
}

function newRecordSchema(resource: ResourceDeclaration) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, decl] of Object.entries(resource.fields)) if (!decl.readOnly) shape[name] = fieldSchema(decl);
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`
        : 'The request body must be a JSON object.',
  });
}

export type ValidationResult = { ok: true; value: Record<string, unknown> } | { ok: false; errors: FieldError[] };

/** Validates a full record (defaults applied for missing fields that have one). */
export function validateRecord(resource: ResourceDeclaration, input: unknown): ValidationResult {
  let withDefaults = input;
  if (input !== null && typeof input === 'object' && !Array.isArray(input)) {
    const copy: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    for (const [name, decl] of Object.entries(resource.fields)) {
      if (decl.readOnly) continue;
      const fallback = defaultValue(decl);
      if ((copy[name] === undefined || copy[name] === null || copy[name] === '') && fallback !== undefined)
        copy[name] = fallback;
    }
    withDefaults = copy;
  }
  const result = recordSchema(resource).safeParse(withDefaults);
  if (result.success) {
    const value = result.data as Record<string, unknown>;
    const broken = (resource.rules ?? []).filter((rule) => {
      const [later, earlier] = [value[rule.field], value[rule.notBefore]] as (string | Date | null | undefined)[];
      return later != null && earlier != null && later < earlier;
    });
    if (broken.length > 0)
      return { ok: false, errors: broken.map((rule) => ({ field: rule.field, message: rule.message })) };
    return { ok: true, value };
  }
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '';
    if (seen.has(field)) continue;
    seen.add(field);
    const path = issue.path.map((part) => (typeof part === 'number' ? part : String(part)));
    errors.push(path.length > 1 ? { field, message: issue.message, path } : { field, message: issue.message });
  }
  // A rule between two fields that are each right is told at once too, not in a later round.
  if (withDefaults !== null && typeof withDefaults === 'object' && !Array.isArray(withDefaults))
    errors.push(...ruleErrors(resource, withDefaults as Record<string, unknown>, seen));
  return { ok: false, errors };
}

/**
 * The rules between fields (`notBefore`) broken by `input`, among the fields that are each valid on their own and
 * not in `skip` (fields already refused).
 */
function ruleErrors(resource: ResourceDeclaration, input: Record<string, unknown>, skip: Set<string>): FieldError[] {
  const valueOf = (name: string): unknown => {
    const decl = resource.fields[name];
    if (!decl || skip.has(name)) return undefined;
    const parsed = fieldSchema(decl).safeParse(input[name]);
    return parsed.success ? parsed.data : undefined;
  };
  return (resource.rules ?? [])
    .filter((rule) => !skip.has(rule.field))
    .filter((rule) => {
      const [later, earlier] = [valueOf(rule.field), valueOf(rule.notBefore)] as (string | Date | null | undefined)[];
      return later != null && earlier != null && later < earlier;
    })
    .map((rule) => ({ field: rule.field, message: rule.message }));
}

/**
 * Checks some of a resource's fields only (a step of a wizard), with the server's own rules and sentences: every
 * problem of those fields at once, rules between two of them included. Unknown fields in `input` are ignored.
 */
export function validateFields(
  resource: ResourceDeclaration,
  input: Record<string, unknown>,
  names: string[],
): FieldError[] {
  const errors: FieldError[] = [];
  const refused = new Set<string>();
  for (const name of names) {
    const decl = resource.fields[name];
    if (!decl || decl.readOnly) continue;
    const fallback = defaultValue(decl);
    const raw = input[name];
    const value = (raw === undefined || raw === null || raw === '') && fallback !== undefined ? fallback : raw;
    const result = fieldSchema(decl).safeParse(value);
    if (result.success) continue;
    refused.add(name);
    errors.push({ field: name, message: result.error.issues[0]!.message });
  }
  const chosen = new Set(names);
  const outside = Object.keys(resource.fields).filter((name) => !chosen.has(name));
  return [...errors, ...ruleErrors(resource, input, new Set([...refused, ...outside]))];
}
