/** A tree of words by key (the shape of a polyglot catalogue, which the admin's StringMap accepts). */
export interface Words {
  [key: string]: string | Words;
}

/** What a Hindi file of this folder exports: the Hindi words of each resource its declaration file declares. */
export type ResourcesHindi = Record<string, Words>;

/**
 * The generated form's words, for a resource whose declaration gives it no failure, section or required-on-edit
 * sentence of its own. A new object each time: a merge into one resource's tree never reaches another's.
 */
export const plainForm = (update = 'सहेजें'): Words => ({
  update,
  failure: { create: {}, edit: {} },
  editRequired: {},
  section: {},
});

export const ACTIVE = { Active: 'सक्रिय', Inactive: 'निष्क्रिय' } as const;
export const PUBLISHED = { Published: 'प्रकाशित', Draft: 'ड्राफ़्ट' } as const;
