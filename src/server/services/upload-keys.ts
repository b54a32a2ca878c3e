/**
 * The storage keys of an upload (services/storage.ts): its original, and an image's WebP variants. Apart from
 * services/uploads.ts so that `npm run backup` (services/backup.ts) names the files without loading the upload
 * pipeline (sharp, drizzle).
 */
import { IMAGE_WIDTHS } from '../../resources/media.ts';

/** Every storage key of an upload: the original, and an image's variants. */
export function keysOf(row: { id: string; kind: 'image' | 'file'; extension: string }): string[] {
  if (row.kind === 'file') return [`files/${row.id}.${row.extension}`];
  return [`images/${row.id}.${row.extension}`, ...IMAGE_WIDTHS.map((w) => `images/${row.id}-${w}.webp`)];
}
