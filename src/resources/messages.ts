/**
 * The sentences that both the server and the admin's memory provider say about records, built from the
 * declarations, so a screen on sample data and the real API answer alike.
 */
import type { FieldDeclaration, ResourceDeclaration } from './define.ts';

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

export const recordMessages = {
  notFound: (resource: ResourceDeclaration) => resource.messages?.notFound ?? `${resource.label.one} not found.`,

  duplicate(resource: ResourceDeclaration, decl: FieldDeclaration): string {
    if ((decl.kind === 'text' || decl.kind === 'reference') && decl.unique) return decl.unique;
    const one = resource.label.one.toLowerCase();
    return `${article(one)} ${one} with this ${decl.label} already exists.`;
  },

  /** Deleting a record that others refer to. */
  connected: (resource: ResourceDeclaration, referrer: ResourceDeclaration) =>
    `This ${resource.label.one.toLowerCase()} is connected to ${referrer.label.many.toLowerCase()}. Please remove them first.`,

  missingReference: (target: ResourceDeclaration) => `The chosen ${target.label.one.toLowerCase()} does not exist.`,

  /** A city's state outside the city's country. */
  notWithin: (target: ResourceDeclaration, ownerLabel: string) =>
    `The chosen ${target.label.one.toLowerCase()} is not in the chosen ${ownerLabel.toLowerCase()}.`,
};
