/**
 * The export PDF's worker thread (services/export-pdf.ts): each message is a list to lay out; each answer is its PDF
 * or the reason there is none.
 */
import { parentPort } from 'node:worker_threads';
import { ListPdfRenderer, type ListPdf } from './export-pdf.ts';

const renderer = new ListPdfRenderer();

parentPort?.on('message', (list: ListPdf) => {
  try {
    const pdf = renderer.render(list);
    // A copy of its own, handed over without another copy (the compiler's buffer may share memory).
    const bytes = new Uint8Array(pdf);
    parentPort!.postMessage({ pdf: bytes }, [bytes.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
