/**
 * The Hindi of the generated screens' own words against GENERATED_MESSAGES: the type of `generatedHindi` already
 * fails the typecheck on a missing or extra key; this test also catches a lost placeholder, an empty string and an
 * English word left in.
 */
import { describe, expect, it } from 'vitest';
import { GENERATED_MESSAGES, RICH_TEXT_TOOLBAR } from '../../generator/messages.ts';
import { generatedHindi, richTextToolbarHindi } from './generated.ts';
import { translationProblems } from './translation-check.ts';

describe('Hindi of the generated screens’ words', () => {
  it('has every key of the English, translated, with its placeholders, and no other', () => {
    expect(translationProblems({ ...GENERATED_MESSAGES }, generatedHindi, new Set(), 'generated')).toEqual([]);
  });

  it('has the formatted-text editor’s buttons in Hindi', () => {
    expect(translationProblems({ ...RICH_TEXT_TOOLBAR }, richTextToolbarHindi, new Set(), 'ra.tiptap')).toEqual([]);
  });

  it('finds a lost placeholder, an English word and a missing key (the check itself can fail)', () => {
    const broken: Record<string, string> = { ...generatedHindi, select: 'चुनें', view: 'View' };
    delete broken.yes;
    expect(translationProblems({ ...GENERATED_MESSAGES }, broken, new Set(), 'generated')).toEqual([
      'generated.view: not Hindi: "View"',
      'generated.yes: missing (English: "Yes")',
      'generated.select: placeholders {} instead of {label}',
    ]);
  });
});
