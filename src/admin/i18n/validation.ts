/**
 * Validation sentences in the language chosen. The server and the admin's forms build the same English sentences
 * from the declarations (src/resources/sentences.ts knows what each was made of); they are said again in Hindi by
 * src/resources/hindi/sentences.ts (the server says them from there too): a template of VALIDATION with the field's
 * label in Hindi, or a sentence a declaration gives (catalogues.test.ts fails when a declaration gives one that is not
 * in its table). i18n.ts asks here whenever a message has no key of its own, so a sentence shown by react-admin
 * (under a field, in a notification) is said in Hindi wherever it came from. A sentence that is neither (a server's
 * 409, say) stays as the server wrote it.
 */
import type { ResourceDeclaration } from '../../resources/index.ts';
import { validationInHindi } from '../../resources/hindi/sentences.ts';
import { signInSentenceHi } from './sign-in-hindi.ts';

export { DECLARED_HI, VALIDATION_HI } from '../../resources/hindi/sentences.ts';

/**
 * A validation or sign-in sentence in Hindi, or undefined when it is not one this module knows. `label` gives the
 * Hindi of a field's English label (any declared field that has it: the sentence does not say which resource it
 * came from).
 */
export function hindiSentence(message: string, label: (english: string) => string): string | undefined {
  return signInSentenceHi(message) ?? validationInHindi(message, label);
}

/** The key of a declared field's label in the admin's messages, by its English label (the first field that has it). */
export function labelKeys(declared: readonly ResourceDeclaration[]): Map<string, string> {
  const keys = new Map<string, string>();
  for (const resource of declared) {
    for (const [name, decl] of Object.entries(resource.fields)) {
      if (!keys.has(decl.label)) keys.set(decl.label, `resources.${resource.name}.fields.${name}`);
      if (decl.kind === 'items') {
        for (const [inner, itemDecl] of Object.entries(decl.fields)) {
          if (!keys.has(itemDecl.label)) keys.set(itemDecl.label, `resources.${resource.name}.fields.${name}.${inner}`);
        }
      }
    }
  }
  return keys;
}
