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

export class SheetError extends Error {
  readonly problem: SheetProblem;
  readonly statusCode: number;
  /** Values for the sentence (the limit that was passed). */
  readonly values: Record<string, string | number>;
  constructor(problem: SheetProblem, message: string, values: Record<string, string | number> = {}) {
    super(message);
    this.name = 'SheetError';
    this.problem = problem;
    this.statusCode = STATUS[problem];
    this.values = values;
  }
}
