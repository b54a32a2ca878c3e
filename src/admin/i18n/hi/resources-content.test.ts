/**
 * The Hindi of the website's content screens against the English the declarations give today: a field, a value or a
 * sentence added to a declaration fails this test until its Hindi is written in src/resources/hindi/content.ts.
 */
import type { StringMap } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { resources } from '../../../resources/index.ts';
import { resourceMessages } from '../../generated/messages.ts';
import { contentResourcesHindi } from '../../../resources/hindi/content.ts';

const NAMES = [
  'advertisements',
  'articles',
  'blog_posts',
  'daily_routine',
  'events',
  'hero_slides',
  'image_albums',
  'leaders',
  'news',
  'notices',
  'online_coverages',
  'page_texts',
  'press_coverage',
  'video_albums',
] as const;

/** Strings that rightly hold no Devanagari letter, by `resource › key › ...`, with the reason. */
const NOT_DEVANAGARI = new Set([
  // The address of an image or a video: staff say and type "URL", as on every form they know.
  'image_albums › fields › images.url',
  'video_albums › fields › videos.url',
]);

/** A letter of the Devanagari script (a vowel sign, a digit or the danda alone does not make a string Hindi). */
const DEVANAGARI_LETTER = /(?=\p{Script=Devanagari})\p{L}/u;

/** Every node of a tree by its path (keys may hold dots, so the path is joined with ` › `): a string or an object. */
function nodes(tree: StringMap, path: string[] = []): Map<string, string | 'object'> {
  const out = new Map<string, string | 'object'>();
  for (const [key, value] of Object.entries(tree)) {
    const here = [...path, key];
    if (typeof value === 'string') out.set(here.join(' › '), value);
    else if (value && typeof value === 'object') {
      out.set(here.join(' › '), 'object');
      for (const [p, v] of nodes(value, here)) out.set(p, v);
    } else out.set(here.join(' › '), `(not a string: ${String(value)})`);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();
const pluralForms = (text: string) => text.split('||||').length;

/** What is wrong with a Hindi tree against its English one, one line per problem; none when it is whole. */
function problems(name: string, english: StringMap, hindi: StringMap | undefined): string[] {
  if (!hindi) return [`${name}: no Hindi at all`];
  const en = nodes(english, [name]);
  const hi = nodes(hindi, [name]);
  const out: string[] = [];
  for (const [path, value] of en) {
    const translated = hi.get(path);
    if (translated === undefined) {
      out.push(`${path}: missing (English: ${value === 'object' ? 'a group of keys' : JSON.stringify(value)})`);
      continue;
    }
    if ((value === 'object') !== (translated === 'object')) {
      out.push(`${path}: ${value === 'object' ? 'a group of keys' : 'a string'} in English, not in Hindi`);
      continue;
    }
    if (value === 'object') continue;
    if (translated.trim() === '') out.push(`${path}: empty`);
    else if (!DEVANAGARI_LETTER.test(translated) && !NOT_DEVANAGARI.has(path))
      out.push(`${path}: no Devanagari letter in ${JSON.stringify(translated)}`);
    // फ़ typed as one code point or as फ + nukta looks the same but compares and searches differently.
    if (translated.normalize('NFC') !== translated) out.push(`${path}: not in Unicode NFC`);
    if (placeholders(value).join() !== placeholders(translated).join())
      out.push(`${path}: placeholders ${placeholders(translated)} where English has ${placeholders(value)}`);
    if (pluralForms(value) !== pluralForms(translated))
      out.push(`${path}: ${pluralForms(translated)} plural forms where English has ${pluralForms(value)}`);
  }
  for (const path of hi.keys()) if (!en.has(path)) out.push(`${path}: not in English (a key no screen asks for)`);
  return out;
}

describe('Hindi of the content resources', () => {
  it('covers exactly these resources, each of them declared', () => {
    expect(Object.keys(contentResourcesHindi).sort()).toEqual([...NAMES].sort());
    const declared = resources.map((r) => r.name);
    for (const name of NAMES) expect(declared, name).toContain(name);
  });

  for (const name of NAMES) {
    it(`${name}: every key of the English, translated, and no other`, () => {
      const resource = resources.find((r) => r.name === name);
      expect(resource, name).toBeDefined();
      expect(problems(name, resourceMessages(resource!), contentResourcesHindi[name])).toEqual([]);
    });
  }

  it('finds what a broken tree lacks (the check itself can fail)', () => {
    const resource = resources.find((r) => r.name === 'events')!;
    const english = resourceMessages(resource);
    const good = structuredClone(contentResourcesHindi.events!) as StringMap;
    expect(problems('events', english, good)).toEqual([]);

    const fields = good.fields as StringMap;
    delete fields.venue;
    fields['images.item'] = 'चित्र #';
    fields.organizer = 'Organizer';
    good.empty = ' ';
    good.name = 'कार्यक्रम';
    good.extra = 'अतिरिक्त';
    good.deleteTitle = '\u095eाइल हटाएँ'; // फ़ as its one code point, which NFC writes as फ + nukta
    (good.choices as StringMap).status = 'स्थिति';
    expect(problems('events', english, good)).toEqual([
      'events › name: 1 plural forms where English has 2',
      'events › fields › venue: missing (English: "Venue")',
      'events › fields › organizer: no Devanagari letter in "Organizer"',
      'events › fields › images.item: placeholders  where English has n',
      'events › choices › status: a group of keys in English, not in Hindi',
      'events › choices › status › Scheduled: missing (English: "Scheduled")',
      'events › choices › status › Completed: missing (English: "Completed")',
      'events › empty: empty',
      'events › deleteTitle: not in Unicode NFC',
      'events › extra: not in English (a key no screen asks for)',
    ]);
    expect(problems('events', english, undefined)).toEqual(['events: no Hindi at all']);
  });
});
