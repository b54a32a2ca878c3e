/**
 * The two catalogues the admin speaks: the Hindi has every key of the English, with the same placeholders and
 * plural forms, written in Devanagari. English is what the screens were written in; a word added there and not in
 * Hindi fails here (and, for a hand-written area, already fails typecheck through `hindi()`).
 */
import type { StringMap } from 'react-admin';
import { beforeAll, describe, expect, it } from 'vitest';
import { backOfficeWordsReady } from '../generator/messages.ts';
import { resources } from '../../resources/index.ts';
import { englishAdminMessages } from '../i18n.ts';
import { AREAS, englishAreas } from './areas.ts';
import { translationProblems } from './hi/translation-check.ts';
import { hindiAdminMessages } from './hindi.ts';
import { areaOf, fill } from './words.ts';
import { ACCOUNT_PASSWORD_REQUIRED, PASSWORD_POLICY } from '../../resources/password-policy.ts';
import { EMAIL } from '../../resources/patterns.ts';
import { validateRecord } from '../../resources/validation.ts';
import type { FieldDeclaration, ItemFieldDeclaration } from '../../resources/define.ts';
import { countries, employees, imageAlbums } from '../../resources/index.ts';
import { i18nProvider } from '../i18n.ts';
import { DECLARED_HI, VALIDATION_HI } from './validation.ts';
import { VALIDATION } from '../../resources/sentences.ts';

/** The admin's source files as text (not its tests). */
const SOURCES = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Every sentence the declarations and the password policy give of their own. */
function declaredSentences(): string[] {
  const found = new Set<string>();
  const walk = (decl: FieldDeclaration | ItemFieldDeclaration) => {
    if (typeof decl.required === 'string') found.add(decl.required);
    if ('unique' in decl && decl.unique) found.add(decl.unique);
    if ('pattern' in decl && decl.pattern) found.add(decl.pattern.message);
    if (decl.kind === 'items') {
      if (decl.oneOf) found.add(decl.oneOf.message);
      Object.values(decl.fields).forEach(walk);
    }
  };
  for (const resource of resources) {
    Object.values(resource.fields).forEach(walk);
    for (const rule of resource.rules ?? []) found.add(rule.message);
  }
  for (const sentence of Object.values(PASSWORD_POLICY)) if (typeof sentence === 'string') found.add(sentence);
  found.add(ACCOUNT_PASSWORD_REQUIRED);
  found.add(EMAIL.message);
  return [...found];
}

/** Words staff say as they are (a dash for "nothing", codes). */
const AS_IS = new Set(['—', 'FAQ', 'URL', 'PDF', 'CSV', 'PAN']);

// The back-office's words (the declarations') join the English as the back-office loads.
beforeAll(() => backOfficeWordsReady);

describe('the Hindi catalogue', () => {
  it('has every key of the English one, with the same placeholders and plural forms, in Devanagari', () => {
    // The declared resources' words are checked file by file, each problem naming the file to write in
    // (hi/resources.test.ts).
    const { resources: _english, ...english } = englishAdminMessages();
    const { resources: _hindi, ...hindi } = hindiAdminMessages;
    const problems = translationProblems(
      { ...english, app: englishAreas() } as unknown as StringMap,
      hindi,
      // react-admin's page titles are only the (translated) names they are given.
      new Set([...AS_IS, '%{name}', '%{recordRepresentation}', '%{name} %{recordRepresentation}']),
    );
    // react-admin's blank choice is an em space in both languages (react-admin.hi.test.ts checks it is).
    expect(problems.filter((problem) => problem !== 'ra.boolean.null: empty')).toEqual([]);
  });

  it('has one area per name, each under app.<area>', () => {
    const names = AREAS.map(([english]) => areaOf(english));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(hindiAdminMessages.app).sort()).toEqual([...names].sort());
  });

  it('has every area the admin declares: each registered by its messages.ts', () => {
    // Every `defineWords('<area>', …)` of the admin's source, read as text: an area whose file does not export its
    // WORDS (or is not named messages.ts) would be shown in English on a Hindi screen.
    const declared = new Map<string, string>();
    for (const [file, text] of Object.entries(SOURCES))
      for (const match of text.matchAll(/defineWords\('([\w-]+)'/g)) declared.set(match[1]!, file);
    const registered = new Set(AREAS.map(([english]) => areaOf(english)));
    const missing = [...declared].filter(([area]) => !registered.has(area)).map(([area, file]) => `${area} (${file})`);
    expect(missing).toEqual([]);
    expect(declared.size).toBe(registered.size);
  });

  it('catches what it must: a missing key, a lost placeholder, English left in', () => {
    const english = { a: 'Total: %{count}', b: { c: 'Save' } };
    expect(translationProblems(english, { a: 'कुल', b: { c: 'Save' } })).toEqual([
      'a: placeholders {} instead of {count}',
      'b.c: not Hindi: "Save"',
    ]);
    expect(translationProblems(english, { a: 'कुल: %{count}' })).toEqual(['b.c: missing (English: "Save")']);
  });
});

describe('validation sentences in Hindi', () => {
  it('has the Hindi of every template, with the same placeholders', () => {
    expect(translationProblems(VALIDATION, VALIDATION_HI, AS_IS)).toEqual([]);
  });

  it('has the Hindi of every sentence a declaration gives, keeping its item number', () => {
    const missing = declaredSentences().filter((sentence) => !DECLARED_HI[sentence]);
    expect(missing).toEqual([]);
    for (const [english, hindi] of Object.entries(DECLARED_HI)) {
      expect(hindi.includes('{n}'), english).toBe(english.includes('{n}'));
    }
  });

  it('says what the server and the forms say, in Hindi, with the field’s Hindi label', async () => {
    await i18nProvider.changeLocale('hi');
    try {
      const problems = (resource: Parameters<typeof validateRecord>[0], input: unknown) => {
        const result = validateRecord(resource, input);
        return result.ok ? [] : result.errors.map((error) => i18nProvider.translate(error.message));
      };
      // A generated sentence: the template with the field's label, both in Hindi.
      const [noName] = problems(countries, { code: 'IN' });
      expect(noName).toMatch(/^देश का नाम .*आवश्यक है।$/);
      // A declared sentence, and one about an item of a list with its place.
      expect(problems(employees, {})).toContain('कृपया पूरा नाम भरें');
      const album = problems(imageAlbums, { title: 'x', thumbnail: '/uploads/a.webp', images: [{}] });
      expect(album.some((sentence) => sentence.includes('चित्र #1'))).toBe(true);
      // The server's sentences on the way in.
      expect(i18nProvider.translate('Invalid email or password.')).toBe('ईमेल या पासवर्ड सही नहीं है।');
      expect(
        i18nProvider.translate(
          'This account signs in as an Employee: choose Employee as the user type and sign in again.',
        ),
      ).toContain('उपयोगकर्ता प्रकार में कर्मचारी चुनें');
      expect(i18nProvider.translate('Too many failed sign-ins. Please wait 7 seconds before trying again.')).toContain(
        '7 सेकंड',
      );
      // A sentence nobody declared (a server's 409) stays as it was; a declared one, a field's `unique`, is said.
      expect(i18nProvider.translate('This import is already under way.')).toBe('This import is already under way.');
      expect(i18nProvider.translate('A department with this name already exists.')).toBe(
        'इस नाम का विभाग पहले से मौजूद है।',
      );
    } finally {
      await i18nProvider.changeLocale('en');
    }
    expect(i18nProvider.translate('Please fill out Full Name')).toBe('Please fill out Full Name');
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
