/**
 * A long export's garbage, collected as it goes.
 *
 * An export reads its rows a page at a time, and each page's rows (the driver's arrays and their strings) outlive the
 * young generation's collections while they arrive and are written: V8 moves them to the old generation, and only
 * collects that when it has grown to several times what is alive. Left alone, an export of 100,000 donations lifted
 * the server's memory by 60 MB (CSV) to 160 MB (Excel) of such garbage. The same happens with postgres.js alone, at
 * 100 rows a page as at 1,000 (docs/performance.md, "Exports and imports").
 *
 * So an export asks V8, between pages, for a full collection whenever the heap has grown by `growth` bytes since the
 * last one, done concurrently and incrementally (V8's own "async" execution), so requests are still answered
 * meanwhile. `gc` comes from V8 for this module only: it is not made a global.
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'major'; execution: 'async' }) => Promise<void>;

/** V8's collector, asked for once: the flag is set for the moment a fresh context reads `gc`, then unset. */
const collect: Collect | undefined = (() => {
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as Collect;
  } catch {
    return undefined;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
})();

/** Heap growth, in bytes, after which an export asks for a collection. */
export const EXPORT_HEAP_GROWTH = 16 * 2 ** 20;

/** Paces one long task's garbage: `step()` between pages. */
export class HeapPacer {
  private base = getHeapStatistics().used_heap_size;
  private collecting = false;
  /** Collections asked for so far (the test reads it). */
  collections = 0;

  private readonly growth: number;

  constructor(growth = EXPORT_HEAP_GROWTH) {
    this.growth = growth;
  }

  step(): void {
    if (!collect || this.collecting) return;
    if (getHeapStatistics().used_heap_size < this.base + this.growth) return;
    this.collecting = true;
    this.collections++;
    void collect({ type: 'major', execution: 'async' })
      .catch(() => undefined)
      .then(() => {
        this.collecting = false;
        this.base = getHeapStatistics().used_heap_size;
      });
  }
}
