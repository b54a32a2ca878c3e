/**
 * The Hindi catalogue, loaded when Hindi is first chosen (i18n.ts): react-admin's words, the generated screens'
 * words of every declared resource, and the hand-written screens' words.
 */
import { hindiAreas } from './areas.ts';
import { generatedHindi, richTextToolbarHindi } from './hi/generated.ts';
import { resourcesHindi } from '../../resources/hindi/index.ts';
import { reactAdminHindi } from './react-admin.hi.ts';

export const hindiAdminMessages = {
  ...reactAdminHindi,
  // The formatted-text editor's buttons: keys of ra-input-rich-text, not of ra-language-english.
  ra: { ...reactAdminHindi.ra, tiptap: richTextToolbarHindi },
  resources: resourcesHindi,
  generated: generatedHindi,
  app: hindiAreas(),
};
