/**
 * What the import routes answer (src/server/routes/api/v2/imports.ts), the one shape the server writes and the admin
 * reads (src/admin/generator/import-api.ts): a job, and the rows of its preview.
 */
import type { StoredSentence } from './sentences.ts';

export type ImportStatus = 'reading' | 'ready' | 'importing' | 'done' | 'failed' | 'discarded';
export type ImportMode = 'all' | 'valid';
/** What an import does with a row of the file. */
export type ImportAction = 'create' | 'update' | 'unchanged' | 'error';
export const IMPORT_ACTIONS: readonly ImportAction[] = ['create', 'update', 'unchanged', 'error'];

export interface RowError {
  /** The field at fault, `id`, or null for the row as a whole. */
  field: string | null;
  message: string;
  /**
   * The sentence after the column's name as a key of STORED and its values (src/resources/sentences.ts), when the
   * import made it, so that the admin says it in the reader's language; `message` is the English, column included.
   */
  said?: StoredSentence;
}

/** How many rows of the preview would be created, updated, left unchanged, or have errors. */
export interface ImportCounts {
  create: number;
  update: number;
  unchanged: number;
  error: number;
}

/** One import, as `GET /api/v2/imports/:id` answers it. */
export interface ImportJob {
  id: number;
  /** The declaration's name. */
  resource: string;
  fileName: string;
  status: ImportStatus;
  /** Rows read (reading) or written (importing); `total` null while not known. */
  progress: { done: number; total: number | null };
  counts: ImportCounts;
  mode: ImportMode | null;
  result: { created: number; updated: number; failed: number } | null;
  /** Why the whole job failed, in a sentence. */
  problem: string | null;
  /** The problem's sentence as a key of STORED and its values, to say in the reader's language (else its text). */
  problemSaid: StoredSentence | null;
  /** The file's columns that are imported, in file order, with their header as the file writes it. */
  columns: { field: string; header: string }[];
  /** The file's headers that are not imported (read-only or unknown columns). */
  ignored: string[];
  createdAt: string;
  finishedAt: string | null;
}

/** One row of the file in the preview. */
export interface ImportRow {
  /** The row's number as the spreadsheet shows it (the header is row 1). */
  id: number;
  action: ImportAction;
  recordId: number | null;
  /** What the file says, as text, by field. */
  cells: Record<string, string>;
  /** The fields an update changes. */
  changes: string[];
  errors: RowError[];
}
