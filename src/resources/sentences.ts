/**
 * The sentences of validation, as templates (`%{label} is required.`), shared by the server, which answers them in
 * English, and the admin, which shows them in the language chosen. A sentence made here is remembered with its
 * template and values, so that the admin can say the same thing in Hindi whether its own form or the server found
 * the problem (both build the same sentence from the same declaration). The Hindi is the admin's
 * (src/admin/i18n/validation.ts); this module imports nothing of either side.
 */
export const VALIDATION = {
  required: '%{label} is required.',
  minLength: '%{label} must be at least %{min} characters.',
  maxLength: '%{label} must be at most %{max} characters.',
  oneOf: '%{label} must be one of: %{values}.',
  fromList: '%{label} must be chosen from the list.',
  wholeNumber: '%{label} must be a whole number.',
  negative: '%{label} cannot be negative.',
  atLeast: '%{label} must be at least %{min}.',
  atMost: '%{label} must be at most %{max}.',
  date: '%{label} must be a date (YYYY-MM-DD).',
  image: '%{label} must be an uploaded image.',
  imageOrUrl: '%{label} must be an uploaded image or the https:// address of one.',
  file: '%{label} must be an uploaded file (%{kinds}).',
  fileOrUrl: '%{label} must be an uploaded file (%{kinds}) or a web address.',
  maxImages: '%{label}: at most %{max} images.',
  maxItems: '%{label}: at most %{max} items.',
  tooLong: '%{label} is too long (at most %{max} characters).',
  url: '%{label} must be a web address starting with http:// or https://.',
  imageUrl: '%{label} must be the https:// address of an image.',
  dateTime: '%{label} must be a date and time, such as 2026-11-22T10:30:00+05:30.',
} as const;

export type SentenceKey = keyof typeof VALIDATION;
export type SentenceValues = Readonly<Record<string, string | number>>;

/** What a sentence was made of: a template of VALIDATION and its values, or a declared sentence and its item. */
export type Said = { key: SentenceKey; values: SentenceValues } | { declared: string; n: number };

const said = new Map<string, Said>();
/** Sentences are few (a declaration's fields times their rules); the cap only guards against a runaway caller. */
const MAX_REMEMBERED = 20_000;

function remember(text: string, what: Said): string {
  if (said.size < MAX_REMEMBERED || said.has(text)) said.set(text, what);
  return text;
}

/** A template filled in: `%{name}` by its value. */
export function fillTemplate(template: string, values: SentenceValues): string {
  return template.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The English sentence of a template, remembered. */
export function say(key: SentenceKey, values: SentenceValues): string {
  return remember(fillTemplate(VALIDATION[key], values), { key, values });
}

/** A sentence of a declaration about item `n` of a list (`{n}` is its place), remembered with its place. */
export function sayOfItem(declared: string, n: number): string {
  return remember(declared.replaceAll('{n}', String(n)), { declared, n });
}

/** What a sentence was made of, if this module made it. */
export function sentenceOf(text: string): Said | undefined {
  return said.get(text);
}
