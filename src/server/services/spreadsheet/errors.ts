import { fillTemplate, STORED, type StoredKey } from '../../../resources/sentences.ts';

/** Why a file could not be read as a sheet, with the sentence the person sees and the HTTP status it answers. */
export type SheetProblem =
  'not-a-sheet' | 'damaged' | 'too-large' | 'too-many-rows' | 'unsafe-xml' | 'empty' | 'no-rows';

const STATUS: Record<SheetProblem, number> = {
  'not-a-sheet': 415,
  damaged: 422,
  'too-large': 413,
  'too-many-rows': 413,
  'unsafe-xml': 422,
  empty: 422,
  'no-rows': 422,
};

/** The sentences of src/resources/sentences.ts that say a sheet's problem (the admin says them in Hindi too). */
export type SheetSentence = Extract<StoredKey, `sheet${string}`>;

export class SheetError extends Error {
  readonly problem: SheetProblem;
  readonly statusCode: number;
  /** The sentence's key, and its values (the limit that was passed) as the office writes numbers. */
  readonly key: SheetSentence;
  readonly values: Record<string, string>;
  constructor(problem: SheetProblem, key: SheetSentence, values: Record<string, number> = {}) {
    const shown = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, value.toLocaleString('en-IN')]),
    );
    super(fillTemplate(STORED[key], shown));
    this.name = 'SheetError';
    this.problem = problem;
    this.statusCode = STATUS[problem];
    this.key = key;
    this.values = shown;
  }
}
