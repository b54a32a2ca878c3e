/**
 * The donation receipt as a PDF, made by Typst's Node compiler from receipt.typ with the Noto Sans
 * Devanagari fonts of npm, passed as font blobs: no system font or package is read. Typst shapes Devanagari
 * (conjuncts, matras) and writes text that copies out in logical order (कि, not िक); docs/decisions.md says why.
 *
 * - The compiler and the fonts are loaded once, on the first receipt; a warm receipt takes a few milliseconds.
 * - The receipt's values never enter the Typst source: they travel as one JSON string in `sys.inputs` and the
 *   template shows them as strings, so a donor named `#import "x"` or `]` prints exactly that and runs nothing.
 * - The compiler's warnings are errors: without its font Typst still "succeeds", with empty boxes and a warning.
 * - The trust's logo and seal come from the upload store (their 640 px WebP variant, else the original); one that
 *   is missing is left out, and the receipt is made without it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';
import { IMAGE_WIDTHS, uploadIdOf } from '../../resources/media.ts';
import { receiptFontFiles } from './font-coverage.ts';
import type { ReceiptDocument } from './receipt-document.ts';
import type { FileStorage } from './storage.ts';

const require = createRequire(import.meta.url);

/** The directory the compiler takes as its root: virtual, nothing is read from it but what is mapped in. */
const WORKSPACE = '/trust-receipt';
const IMAGE_SLOTS = ['logo', 'seal'] as const;

/** The font files: regular and bold Noto Sans Devanagari (its Latin letters, digits and ₹ included). */
const fontBlobs = (): Buffer[] => receiptFontFiles().map((file) => readFileSync(file));

export class ReceiptRenderError extends Error {}

/** What Typst said, one line per diagnostic. */
function describe(diagnostics: unknown[] | undefined): string {
  return (diagnostics ?? [])
    .map((d) =>
      typeof d === 'object' && d && 'message' in d ? String((d as { message: unknown }).message) : String(d),
    )
    .join('; ');
}

/** Reads a stored file whole. */
async function readStored(storage: FileStorage, key: string): Promise<Buffer | undefined> {
  const file = await storage.get(key);
  if (!file) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of file.read()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export class ReceiptPdf {
  private compiler: NodeCompiler | undefined;
  private template: string | undefined;
  private readonly storage: FileStorage | undefined;

  constructor(storage?: FileStorage) {
    this.storage = storage;
  }

  /** The compiler with its fonts, made on first use and kept. */
  private load(): { compiler: NodeCompiler; template: string } {
    if (!this.compiler || !this.template) {
      const { NodeCompiler: Compiler } = require('@myriaddreamin/typst-ts-node-compiler') as {
        NodeCompiler: typeof NodeCompiler;
      };
      this.compiler = Compiler.create({ workspace: WORKSPACE, fontArgs: [{ fontBlobs: fontBlobs() }] });
      this.template = readFileSync(new URL('./receipt.typ', import.meta.url), 'utf8');
    }
    return { compiler: this.compiler, template: this.template };
  }

  /** An uploaded image (`/uploads/images/<id>.<ext>`): its 640 px variant, else its original; undefined if gone. */
  private async image(path: string | null): Promise<Buffer | undefined> {
    if (!path || !this.storage) return undefined;
    const id = uploadIdOf(path);
    if (!id) return undefined;
    const width = IMAGE_WIDTHS[1];
    return (
      (await readStored(this.storage, `images/${id}-${width}.webp`).catch(() => undefined)) ??
      (await readStored(this.storage, path.replace(/^\/uploads\//, '')).catch(() => undefined))
    );
  }

  /** The receipt's PDF. Throws ReceiptRenderError when Typst reports an error or a warning. */
  async render(document: ReceiptDocument): Promise<Buffer> {
    const images = await Promise.all(IMAGE_SLOTS.map((slot) => this.image(document.trust[slot])));
    const { compiler, template } = this.load();
    const data: Record<string, unknown> = { ...document, logo: null, seal: null };
    // Mapped afresh for each receipt (synchronously up to the PDF, so that no other receipt's images mix in).
    compiler.resetShadow();
    IMAGE_SLOTS.forEach((slot, i) => {
      const bytes = images[i];
      if (!bytes) return;
      compiler.mapShadow(`${WORKSPACE}/${slot}`, bytes);
      data[slot] = `/${slot}`;
    });
    const result = compiler.compile({ mainFileContent: template, inputs: { data: JSON.stringify(data) } });
    const error = result.takeError();
    if (error) throw new ReceiptRenderError(`Typst could not make the receipt: ${describe(error.shortDiagnostics)}`);
    const warnings = result.takeWarnings();
    if (warnings) {
      throw new ReceiptRenderError(`Typst warned while making the receipt: ${describe(warnings.shortDiagnostics)}`);
    }
    const compiled = result.result;
    if (!compiled) throw new ReceiptRenderError('Typst made no document of the receipt.');
    return compiler.pdf(compiled, { creationTimestamp: Math.floor(Date.now() / 1000) });
  }
}
