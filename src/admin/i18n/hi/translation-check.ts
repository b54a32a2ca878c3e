/**
 * What the Hindi translation tests check: a Hindi tree has exactly the English tree's keys, and each Hindi string is
 * written (not empty), keeps the English string's placeholders (`%{label}`) and plural forms (`one |||| many`), and
 * is Hindi (has a Devanagari letter) unless it is one of the few words staff say as they are (`allowedAsIs`), in
 * Unicode NFC like the rest of the product's Hindi.
 * A key missing in Hindi is named with its English (`fields.batch: missing (English: "Batch")`); a group of keys that
 * holds no English word (an empty `choices`) needs no Hindi.
 * Used by the tests beside each file of src/admin/i18n/hi; returns every problem with its key, not just the first.
 */
import type { StringMap } from 'react-admin';

type Tree = StringMap | string;

const PLACEHOLDER = /%\{(\w+)\}/g;
const PLURAL = '||||';

export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!))].sort();
}

/** Whether the text has a Devanagari letter (a vowel sign or digit alone does not count). */
export function hasDevanagariLetter(text: string): boolean {
  return /(?=\p{Script=Devanagari})\p{L}/u.test(text);
}

/** Every difference between an English tree and its Hindi, as `<path>: <what>` lines; none when the Hindi is whole. */
export function translationProblems(
  english: Tree,
  hindi: unknown,
  allowedAsIs: ReadonlySet<string> = new Set(),
  path = '',
): string[] {
  const at = path || '(root)';
  if (typeof english === 'string') {
    if (hindi === undefined) return [`${at}: missing (English: ${JSON.stringify(english)})`];
    if (typeof hindi !== 'string') return [`${at}: should be a string`];
    const problems: string[] = [];
    if (hindi.trim() === '') return [`${at}: empty`];
    const want = placeholders(english).join(', ');
    const got = placeholders(hindi).join(', ');
    if (want !== got) problems.push(`${at}: placeholders {${got}} instead of {${want}}`);
    const englishForms = english.split(PLURAL).length;
    const hindiForms = hindi.split(PLURAL);
    if (hindiForms.length !== englishForms) {
      problems.push(`${at}: ${hindiForms.length} plural forms instead of ${englishForms}`);
    } else if (hindiForms.some((form) => form.trim() === '')) {
      problems.push(`${at}: an empty plural form`);
    }
    if (!hasDevanagariLetter(hindi) && !allowedAsIs.has(hindi)) problems.push(`${at}: not Hindi: "${hindi}"`);
    // फ़ typed as फ + nukta or as one code point looks the same but compares, sorts and searches differently.
    if (hindi.normalize('NFC') !== hindi) problems.push(`${at}: not in Unicode NFC`);
    return problems;
  }
  // A group missing whole: each of its words is named, so that the message says every key to add.
  if (hindi === undefined) hindi = {};
  if (hindi === null || typeof hindi !== 'object' || Array.isArray(hindi)) return [`${at}: should be a group of keys`];
  const hindiTree = hindi as Record<string, unknown>;
  const child = (key: string) => (path ? `${path}.${key}` : key);
  return [
    ...Object.entries(english).flatMap(([key, value]) =>
      translationProblems(value as Tree, hindiTree[key], allowedAsIs, child(key)),
    ),
    ...Object.keys(hindiTree)
      .filter((key) => !(key in english))
      .map((key) => `${child(key)}: extra (English has no such key)`),
  ];
}
