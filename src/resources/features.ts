/**
 * The features of the permission matrix, in the order the matrix screens show them. A declared resource names its
 * place (`permission: { feature, subFeature }`) and so adds its sub-feature to the catalogue (permissions.ts); the
 * feature must be one of these (index.ts, checkDeclarations), so that a misspelt feature is an error at start rather
 * than a new heading nobody can grant. Imports nothing: the registry's check and the catalogue both read it.
 */
export const FEATURES = [
  'Dashboard',
  'Company',
  'Activity',
  'User',
  'Master Data',
  'Media',
  'Gallery',
  'Website',
  'Donations',
  'Contact',
  'Settings',
] as const;
