/**
 * The words of the hand-written screens, in English and Hindi, through react-admin's translator (ra-i18n-polyglot).
 *
 * An area declares its English once, as polyglot templates (`'Total: %{count}'`, plurals as `'one |||| many'` with
 * `smart_count`), with the Hindi beside it, typed so that a missing Hindi key does not compile:
 *
 *     export const AUTH = defineWords('auth', { loginTitle: 'Log In', total: 'Total: %{count}' } as const);
 *     export const AUTH_HI = hindi(AUTH, { loginTitle: 'लॉग इन', total: 'कुल: %{count}' });
 *
 * i18n.ts puts every area under `app.<area>` in the two catalogues. A screen asks `const w = useWords(AUTH)`: a
 * template without a placeholder is a string (`w.loginTitle`), one with placeholders a function
 * (`w.total({ count: 3 })`). Code outside React (the auth provider) uses `wordsNow(AUTH)`, in the language chosen.
 */
import { useMemo } from 'react';
import { useTranslate, type TranslateFunction } from 'react-admin';

/** Values for a template's placeholders. */
export type Values = Readonly<Record<string, string | number>>;

/** A template with `%{…}` takes values; one without is a plain string. */
type Word<S> = S extends `${string}%{${string}}${string}` ? (values: Values) => string : string;

/** An area's words as a screen uses them. */
export type Words<T> = { readonly [K in keyof T]: T[K] extends string ? Word<T[K]> : Words<T[K]> };

/** The Hindi of an area: the same keys, each a string. */
export type Hindi<T> = { readonly [K in keyof T]: T[K] extends string ? string : Hindi<T[K]> };

/** A tree of templates. */
export interface Templates {
  readonly [key: string]: string | Templates;
}

/**
 * An area's words as it registers them: each English tree of defineWords with its Hindi. An area's `messages.ts`
 * exports them as `WORDS`, and i18n/areas.ts finds every such file.
 */
export type AreaWords = readonly (readonly [Templates, Templates])[];

const areas = new WeakMap<object, string>();

/** Declares an area's English templates under `app.<area>` (the name is checked once, by i18n.ts). */
export function defineWords<T extends Templates>(area: string, english: T): T {
  areas.set(english, area);
  return english;
}

/** The Hindi of an area's words; the type requires every key. */
export function hindi<T extends Templates>(_english: T, words: Hindi<T>): Hindi<T> {
  return words;
}

/** The area an English object was declared under. */
export function areaOf(english: object): string {
  const area = areas.get(english);
  if (!area) throw new Error('These words were not declared with defineWords().');
  return area;
}

/** The placeholders of a template, sorted (`%{count}` → `count`); the catalogues' test compares them. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]!).sort();
}

function translated<T extends Templates>(translate: TranslateFunction, prefix: string, english: T): Words<T> {
  const out: Record<string, unknown> = {};
  for (const [key, template] of Object.entries(english)) {
    const id = `${prefix}.${key}`;
    if (typeof template !== 'string') out[key] = translated(translate, id, template);
    else if (placeholders(template).length === 0) out[key] = translate(id, { _: template });
    else out[key] = (values: Values) => translate(id, { _: template, ...values });
  }
  return out as Words<T>;
}

/** An area's words in the language chosen; new words when the language changes. */
export function useWords<T extends Templates>(english: T): Words<T> {
  const translate = useTranslate();
  return useMemo(() => translated(translate, `app.${areaOf(english)}`, english), [translate, english]);
}

let currentTranslate: TranslateFunction | undefined;

/** i18n.ts tells which translator speaks the language chosen. */
export function setCurrentTranslate(translate: TranslateFunction): void {
  currentTranslate = translate;
}

/** An area's words outside React, in the language chosen now (English before the app starts). */
export function wordsNow<T extends Templates>(english: T): Words<T> {
  const translate: TranslateFunction =
    currentTranslate ??
    ((key, options) => fill(String((options as { _?: string } | undefined)?._ ?? key), options ?? {}));
  return translated(translate, `app.${areaOf(english)}`, english);
}

/** A template filled in (English in tests: `fill(NOTIFICATIONS.allMarked, { smart_count: 2 })`). */
export function fill(template: string, values: Values): string {
  const forms = template.split('||||').map((form) => form.trim());
  const count = values.smart_count;
  const form = forms.length > 1 && typeof count === 'number' ? forms[count === 1 ? 0 : 1]! : forms[0]!;
  return form.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
