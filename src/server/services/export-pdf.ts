/**
 * A list as a PDF: Typst's compiler (as for the receipt, with the same Noto Sans Devanagari fonts, so Hindi is
 * shaped and copies out in reading order) lays out export-list.typ with the rows, the trust's name, the list's title,
 * its filter and the date; the same rows ride along as an attached CSV file (`rows.csv`) that Import reads back.
 *
 * A PDF is for reading and printing: it holds at most PDF_MAX_ROWS rows (about 30 pages, a few seconds and some
 * 300 MB of the compiler's memory; docs/decisions.md); a longer list is for Excel or CSV, and the request says so.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';
import { receiptFontFiles } from './font-coverage.ts';
import { csvLine, csvText } from './spreadsheet/csv.ts';
import type { Cell } from './spreadsheet/index.ts';

const require = createRequire(import.meta.url);
const WORKSPACE = '/trust-export';

/** The most rows a PDF export holds, unless EXPORT_PDF_MAX_ROWS says otherwise (config.ts). */
export const PDF_MAX_ROWS = 2000;

export interface ListPdf {
  trust: string;
  title: string;
  filter: string;
  date: string;
  lang: 'en' | 'hi';
  headers: string[];
  rows: Cell[][];
  words: { filter: string; date: string; count: string; page: string; attachment: string };
}

export class ExportPdfError extends Error {}

/** The PDF's own words, in the two languages. */
export const PDF_WORDS = {
  en: {
    filter: 'Filter',
    date: 'Date',
    count: 'Rows',
    page: 'Page',
    attachment: 'The rows as CSV',
    search: 'Search',
    none: 'none',
    from: 'from',
    to: 'to',
  },
  hi: {
    filter: 'फ़िल्टर',
    date: 'तिथि',
    count: 'पंक्तियाँ',
    page: 'पृष्ठ',
    attachment: 'पंक्तियाँ CSV में',
    search: 'खोज',
    none: 'कोई नहीं',
    from: 'से',
    to: 'तक',
  },
} as const;

function describe(diagnostics: unknown[] | undefined): string {
  return (diagnostics ?? [])
    .map((d) =>
      typeof d === 'object' && d && 'message' in d ? String((d as { message: unknown }).message) : String(d),
    )
    .join('; ');
}

/** Relative widths of the columns, from the longest text each holds (within bounds). */
function widthsOf(headers: string[], rows: string[][]): number[] {
  return headers.map((header, i) => {
    let longest = Math.max(...header.split(/\s+/).map((word) => word.length));
    for (const row of rows.slice(0, 500)) longest = Math.max(longest, Math.min(40, (row[i] ?? '').length));
    return Math.max(4, Math.min(40, longest));
  });
}

/** Typst, the fonts and the template, in whichever thread calls `render` (the export worker's). */
export class ListPdfRenderer {
  private compiler: NodeCompiler | undefined;
  private template: string | undefined;

  private load(): { compiler: NodeCompiler; template: string } {
    if (!this.compiler || !this.template) {
      const { NodeCompiler: Compiler } = require('@myriaddreamin/typst-ts-node-compiler') as {
        NodeCompiler: typeof NodeCompiler;
      };
      this.compiler = Compiler.create({
        workspace: WORKSPACE,
        fontArgs: [{ fontBlobs: receiptFontFiles().map((file) => readFileSync(file)) }],
      });
      this.template = readFileSync(new URL('./export-list.typ', import.meta.url), 'utf8');
    }
    return { compiler: this.compiler, template: this.template };
  }

  /** The PDF. Throws ExportPdfError when Typst reports an error or a warning (a missing glyph is a warning). */
  render(list: ListPdf): Buffer {
    const text = list.rows.map((row) => row.map((cell) => csvText(cell)));
    const widths = widthsOf(list.headers, text);
    const total = widths.reduce((a, b) => a + b, 0);
    const csv = Buffer.from(`\uFEFF${csvLine(list.headers)}${list.rows.map((row) => csvLine(row)).join('')}`, 'utf8');
    const data = {
      trust: list.trust,
      title: list.title,
      filter: list.filter,
      date: list.date,
      lang: list.lang,
      count: String(list.rows.length),
      headers: list.headers,
      rows: text,
      widths,
      landscape: list.headers.length > 6 || total > 110,
      filterWord: list.words.filter,
      dateWord: list.words.date,
      countWord: list.words.count,
      pageWord: list.words.page,
      attachment: list.words.attachment,
    };
    const { compiler, template } = this.load();
    compiler.resetShadow();
    compiler.mapShadow(`${WORKSPACE}/rows.csv`, csv);
    const result = compiler.compile({ mainFileContent: template, inputs: { data: JSON.stringify(data) } });
    const error = result.takeError();
    if (error) throw new ExportPdfError(`Typst could not make the PDF: ${describe(error.shortDiagnostics)}`);
    const warnings = result.takeWarnings();
    if (warnings) throw new ExportPdfError(`Typst warned while making the PDF: ${describe(warnings.shortDiagnostics)}`);
    if (!result.result) throw new ExportPdfError('Typst made no document of the list.');
    return compiler.pdf(result.result, { creationTimestamp: Math.floor(Date.now() / 1000) });
  }
}

/**
 * The PDF maker the server uses: Typst runs in a worker thread of its own, so that laying out a long list (seconds
 * for 2,000 rows) never stops the server answering others; PDFs are made one at a time, in the order asked.
 */
export class ExportPdf {
  private worker: Worker | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  private start(): Worker {
    if (!this.worker) {
      this.worker = new Worker(new URL('./export-pdf-worker.ts', import.meta.url));
      // The worker holds no work between PDFs: it does not keep the process alive.
      this.worker.unref();
    }
    return this.worker;
  }

  render(list: ListPdf): Promise<Buffer> {
    const made = this.queue.then(
      () =>
        new Promise<Buffer>((resolve, reject) => {
          const worker = this.start();
          const done = (answer: { pdf?: Uint8Array; error?: string }) => {
            worker.off('error', failed);
            if (answer.pdf) resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
            else reject(new ExportPdfError(answer.error ?? 'The PDF could not be made.'));
          };
          const failed = (error: Error) => {
            worker.off('message', done);
            this.worker = undefined;
            reject(new ExportPdfError(`The PDF worker stopped: ${error.message}`));
          };
          worker.once('message', done);
          worker.once('error', failed);
          worker.postMessage(list);
        }),
    );
    this.queue = made.catch(() => undefined);
    return made;
  }

  /** Stops the worker (the server's close). */
  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = undefined;
  }
}
