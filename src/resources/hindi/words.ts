/** A tree of words by key (the shape of a polyglot catalogue, which the admin's StringMap accepts). */
export interface Words {
  [key: string]: string | Words;
}
