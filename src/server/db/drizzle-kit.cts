/**
 * What drizzle-kit reads to generate migrations: the hand-written tables of schema.ts and one table per declared
 * resource, derived from the declarations. drizzle-kit takes the tables among a module's exports; a resource's
 * table is made from its declaration, so this module (CommonJS, as drizzle-kit loads it) exports them by name and
 * a new declaration needs no line here or in schema.ts.
 */
import type * as Schema from './schema.ts';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const schema = require('./schema.ts') as typeof Schema;

module.exports = { ...schema, ...schema.resourceTablesByName() };
