/**
 * The two catalogues the admin speaks: the Hindi has every key of the English, with the same placeholders and
 * plural forms, written in Devanagari. English is what the screens were written in; a word added there and not in
 * Hindi fails here (and, for a hand-written area, already fails typecheck through `hindi()`).
 */
import type { StringMap } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { resources } from '../../resources/index.ts';
import { englishAdminMessages } from '../i18n.ts';
import { AREAS } from './areas.ts';
import { translationProblems } from './hi/translation-check.ts';
import { hindiAdminMessages } from './hindi.ts';
import { areaOf, fill } from './words.ts';

/** Words staff say as they are (a dash for "nothing", codes). */
const AS_IS = new Set(['—', 'FAQ', 'URL', 'PDF', 'CSV', 'PAN']);

describe('the Hindi catalogue', () => {
  it('has every key of the English one, with the same placeholders and plural forms, in Devanagari', () => {
    const problems = translationProblems(
      englishAdminMessages as unknown as StringMap,
      hindiAdminMessages,
      // react-admin's page titles are only the (translated) names they are given.
      new Set([...AS_IS, '%{name}', '%{recordRepresentation}', '%{name} %{recordRepresentation}']),
    );
    // react-admin's blank choice is an em space in both languages (react-admin.hi.test.ts checks it is).
    expect(problems.filter((problem) => problem !== 'ra.boolean.null: empty')).toEqual([]);
  });

  it('names every declared resource, so a new declaration needs its Hindi', () => {
    const named = Object.keys(hindiAdminMessages.resources).sort();
    expect(named).toEqual(resources.map((resource) => resource.name).sort());
  });

  it('has one area per name, each under app.<area>', () => {
    const names = AREAS.map(([english]) => areaOf(english));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(hindiAdminMessages.app).sort()).toEqual([...names].sort());
  });

  it('catches what it must: a missing key, a lost placeholder, English left in', () => {
    const english = { a: 'Total: %{count}', b: { c: 'Save' } };
    expect(translationProblems(english, { a: 'कुल', b: { c: 'Save' } })).toEqual([
      'a: placeholders {} instead of {count}',
      'b.c: not Hindi: "Save"',
    ]);
    expect(translationProblems(english, { a: 'कुल: %{count}' })).toEqual(['b: missing']);
  });
});

describe('fill', () => {
  it('fills placeholders and picks the plural form by smart_count', () => {
    const template = 'Marked %{smart_count} notification. |||| Marked %{smart_count} notifications.';
    expect(fill(template, { smart_count: 1 })).toBe('Marked 1 notification.');
    expect(fill(template, { smart_count: 3 })).toBe('Marked 3 notifications.');
    expect(fill('There is no page at %{path}.', { path: '/x' })).toBe('There is no page at /x.');
  });
});
