/**
 * What a resource's list says, in English or Hindi, for what the server writes for people (an export's headings,
 * its enum words, its title): English from the declaration, Hindi from the resource's Hindi words
 * (resources/hindi/). The admin says the same words from the same catalogues (src/admin/i18n/hindi.ts).
 */
import type { ResourceDeclaration } from './define.ts';
import { hindiOfResource } from './hindi/index.ts';
import { storedInHindi } from './hindi/sentences.ts';
import { saidKeyField, saidValuesField, storedSentenceOf } from './sentences.ts';

export type WordsLanguage = 'en' | 'hi';

export interface ResourceWords {
  /** One of the list, as a sentence says it: "department", "विभाग". */
  one: string;
  /** The list's name: "Donations", "दान". */
  many: string;
  /** A field's label; `id` is "ID". */
  field: (name: string) => string;
  /** An enum value's word. */
  choice: (field: string, value: string) => string;
  yes: string;
  no: string;
  /** A boolean field's value: its declared words (a user's Active, Inactive), else Yes or No. */
  flag: (field: string, value: boolean) => string;
  /** A `said` field's sentence in the language, when its key is known; undefined to use the stored text. */
  said: (row: Record<string, unknown>, field: string) => string | undefined;
}

const SYSTEM_LABELS: Record<WordsLanguage, Record<string, string>> = {
  en: { id: 'ID', created_at: 'Created At', updated_at: 'Updated At', created_by: 'Created By' },
  hi: { id: 'आईडी', created_at: 'बनाया गया', updated_at: 'अपडेट किया गया', created_by: 'बनाने वाला' },
};

/** The plural of a Hindi name "एक |||| अनेक" (the admin's polyglot form), or the name. */
const pluralOf = (name: string) => name.split('||||').map((part) => part.trim())[1] ?? name.trim();
/** The singular of a Hindi name "एक |||| अनेक". */
const singularOf = (name: string) => name.split('||||')[0]!.trim();

export function resourceWords(resource: ResourceDeclaration, language: WordsLanguage): ResourceWords {
  const english: ResourceWords = {
    one: resource.label.one.toLowerCase(),
    many: resource.label.many,
    field: (name) => resource.fields[name]?.label ?? SYSTEM_LABELS.en[name] ?? name,
    choice: (_field, value) => value,
    yes: 'Yes',
    no: 'No',
    flag: (field, value) => {
      const decl = resource.fields[field];
      const words = decl?.kind === 'boolean' ? decl.words : undefined;
      return words ? words[`${value}`] : value ? 'Yes' : 'No';
    },
    said: () => undefined,
  };
  if (language === 'en') return english;
  const hindi = hindiOfResource(resource.name);
  if (!hindi) return english;
  return {
    one: hindi.name ? singularOf(hindi.name) : english.one,
    many: hindi.name ? pluralOf(hindi.name) : english.many,
    field: (name) => hindi.fields?.[name] ?? SYSTEM_LABELS.hi[name] ?? english.field(name),
    choice: (field, value) => hindi.choices?.[field]?.[value] ?? value,
    yes: 'हाँ',
    no: 'नहीं',
    flag: (field, value) => {
      const decl = resource.fields[field];
      if (decl?.kind === 'boolean' && decl.words) return hindi.choices?.[field]?.[`${value}`] ?? decl.words[`${value}`];
      return value ? 'हाँ' : 'नहीं';
    },
    said: (row, field) => {
      const sentence = storedSentenceOf(row[saidKeyField(field)], row[saidValuesField(field)]);
      return sentence ? storedInHindi(sentence) : undefined;
    },
  };
}
