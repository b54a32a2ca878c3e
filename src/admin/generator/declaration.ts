/**
 * What the generated screens read from a resource declaration, beyond the declaration itself: how a record is
 * named, the choices of an enum, which fields depend on another (`within`), and the form's values as the server
 * takes them, validated with the server's own sentences.
 */
import { resources, type FieldDeclaration, type ResourceDeclaration } from '../../resources/index.ts';
import { validateRecord } from '../../resources/validation.ts';

/** The field that names a record: the `display` other resources show for it, else its first text field. */
export function representationOf(resource: ResourceDeclaration): string | undefined {
  for (const other of resources) {
    for (const decl of Object.values(other.fields as Record<string, FieldDeclaration>)) {
      if (decl.kind === 'reference' && decl.reference === resource.name) return decl.display;
    }
  }
  return Object.entries(resource.fields).find(([, decl]) => decl.kind === 'text')?.[0];
}

export interface Choice {
  id: string | number | boolean;
  name: string;
}

export function enumChoices(values: readonly string[], resource?: string, field?: string): Choice[] {
  // With its resource and field, a choice is named by its key in the admin's messages (`choices`, generator/
  // messages.ts), which react-admin translates into the language chosen.
  const named = (value: string) => (resource && field ? `resources.${resource}.choices.${field}.${value}` : value);
  return values.map((value) => ({ id: value, name: named(value) }));
}

export const BOOLEAN_CHOICES: Choice[] = [
  { id: true, name: 'generated.yes' },
  { id: false, name: 'generated.no' },
];

/** The fields whose choices depend on `field` (a city's state depends on its country), to clear on change. */
export function dependentsOf(resource: ResourceDeclaration, field: string): string[] {
  return Object.entries(resource.fields)
    .filter(([, decl]) => decl.kind === 'reference' && decl.within?.field === field)
    .map(([name]) => name);
}

/** The declared fields of the form's values; an emptied select or number is `null`, as the server expects. */
export function writableValues(
  resource: ResourceDeclaration,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, decl] of Object.entries(resource.fields)) {
    if (!(name in values)) continue;
    const value = values[name];
    result[name] = decl.kind !== 'text' && value === '' ? null : value;
  }
  return result;
}

/**
 * Form-level validation with `validateRecord`: `{ field: sentence }`, the same sentences as the server's. A problem
 * inside a list of items stands under the item's own input (`{ images: [{}, { description: sentence }] }`), so
 * that correcting it clears it.
 */
/** A form's problems: a field's sentence, or for a list of items, each item's problems by its field. */
export type FormErrors = Record<string, string | Record<string, string>[]>;

export function formErrors(resource: ResourceDeclaration, values: Record<string, unknown>): FormErrors {
  const result = validateRecord(resource, writableValues(resource, values));
  if (result.ok) return {};
  const errors: FormErrors = {};
  for (const { field, message, path } of result.errors) {
    if (field === '' || !(field in resource.fields)) continue;
    if (!path || path.length < 3 || typeof path[1] !== 'number') {
      errors[field] = message;
      continue;
    }
    const items: Record<string, string>[] = [];
    for (let index = 0; index < path[1]; index++) items.push({});
    items.push({ [String(path[2])]: message });
    errors[field] = items;
  }
  return errors;
}

/** Nothing typed: no value, or only spaces. */
export const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
