import englishMessages from 'ra-language-english';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import { reactAdminHindi } from './react-admin.hi.ts';

type Tree = { readonly [key: string]: Tree | string | undefined };

/** Every string leaf of a message tree, by its dotted key. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else if (value !== undefined) for (const [k, v] of leaves(value, path)) found.set(k, v);
  }
  return found;
}

/** The polyglot plural forms of a message, each with the sorted list of its %{placeholders}. */
function placeholdersByForm(message: string): string[][] {
  return message.split('||||').map((form) => [...new Set(form.match(/%\{[^}]*\}/g) ?? [])].sort());
}

/**
 * Keys whose right Hindi value has no Devanagari letter; each must equal its English value exactly.
 * - ra.boolean.null: the blank choice of a yes/no field that may be left empty, an em space (U+2003) in English too.
 * - ra.page.list, ra.page.edit, ra.page.show: page titles made only of the resource's name and the record's title,
 *   both of which come already translated from the screens' own messages.
 */
const LATIN_ONLY = new Set(['ra.boolean.null', 'ra.page.list', 'ra.page.edit', 'ra.page.show']);

const DEVANAGARI_LETTER = /(?=\p{Script=Devanagari})\p{L}/u;

const english = leaves(englishMessages);
const hindi = leaves(reactAdminHindi);

describe("react-admin's messages in Hindi", () => {
  it('reads the English tree of the installed ra-language-english', () => {
    // Guards the walk itself: an empty or flattened tree would make every other check pass.
    expect(english.size).toBeGreaterThan(150);
    expect(english.get('ra.action.save')).toBe('Save');
  });

  it('has every English key and no other', () => {
    const missing = [...english.keys()].filter((key) => !hindi.has(key));
    const extra = [...hindi.keys()].filter((key) => !english.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('keeps the placeholders and the plural forms of every English message', () => {
    const differing = [...english]
      .filter(([key]) => hindi.has(key))
      .map(([key, text]) => ({ key, english: placeholdersByForm(text), hindi: placeholdersByForm(hindi.get(key)!) }))
      .filter((entry) => JSON.stringify(entry.english) !== JSON.stringify(entry.hindi));
    expect(differing).toEqual([]);
  });

  it('has no empty message', () => {
    const empty = [...hindi].filter(([key, text]) => text.trim() === '' && !LATIN_ONLY.has(key)).map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('writes every message in Devanagari, apart from the listed keys, which stay as in English', () => {
    const notHindi = [...hindi]
      .filter(([key, text]) => !LATIN_ONLY.has(key) && !DEVANAGARI_LETTER.test(text))
      .map(([key]) => key);
    expect(notHindi).toEqual([]);
    for (const key of LATIN_ONLY) expect([key, hindi.get(key)]).toEqual([key, english.get(key)]);
  });

  it('translates through ra-i18n-polyglot with placeholders and plurals filled in', () => {
    const i18n = polyglotI18nProvider(() => reactAdminHindi, 'hi');
    expect(i18n.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 25, total: 130 })).toBe(
      '130 में से 1-25',
    );
    expect(i18n.translate('ra.notification.deleted', { smart_count: 1 })).toBe('रिकॉर्ड हटाया गया');
    expect(i18n.translate('ra.notification.deleted', { smart_count: 3 })).toBe('3 रिकॉर्ड हटाए गए');
    expect(i18n.translate('ra.action.bulk_actions', { smart_count: 2 })).toBe('2 रिकॉर्ड चुने गए');
  });
});
