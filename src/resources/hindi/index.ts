/**
 * The Hindi words of every declared resource, beside the declarations: the admin's catalogue (src/admin/i18n/hindi.ts)
 * and what the server writes for people in Hindi (resources/resource-words.ts) read the same words.
 * src/admin/i18n/hi/resources-office.test.ts and resources-content.test.ts fail when a resource's word is missing.
 */
import { contentResourcesHindi } from './content.ts';
import { officeResourcesHindi } from './office.ts';
import type { Words } from './words.ts';

export type { Words } from './words.ts';
export { contentResourcesHindi, officeResourcesHindi };

/** The parts of a resource's Hindi words that the server reads. */
export interface ResourceHindi {
  name?: string;
  fields?: Record<string, string>;
  choices?: Record<string, Record<string, string>>;
}

const all: Record<string, Words> = { ...officeResourcesHindi, ...contentResourcesHindi };

export function hindiOfResource(name: string): ResourceHindi | undefined {
  return all[name] as ResourceHindi | undefined;
}
