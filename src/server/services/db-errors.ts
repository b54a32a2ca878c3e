/**
 * Maps PostgreSQL errors (from PGlite or postgres.js, possibly wrapped by Drizzle) onto the error catalogue,
 * with sentences that name the resource and field concerned.
 */
import { findResource, referrersOf, type ResourceDeclaration } from '../../resources/index.ts';
import { recordMessages } from '../../resources/messages.ts';
import { AppError, badRequest, conflict } from '../errors.ts';

interface PgErrorLike {
  code?: string;
  constraint?: string;
  constraint_name?: string;
}

/** The driver's error under Drizzle's wrapper, when it is a PostgreSQL error. */
export function pgError(error: unknown): PgErrorLike | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const candidate = current as Error & PgErrorLike;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** Translates a database error raised while writing `resource`; anything unknown is rethrown as is. */
export function translateWriteError(
  error: unknown,
  resource: ResourceDeclaration,
  operation: 'create' | 'update' | 'delete',
): unknown {
  if (error instanceof AppError) return error;
  const pg = pgError(error);
  if (!pg) return error;
  const constraint = pg.constraint ?? pg.constraint_name ?? '';

  if (pg.code === '23505') {
    for (const [field, decl] of Object.entries(resource.fields)) {
      if (constraint === `${resource.name}_${field}_unique`) {
        const message = recordMessages.duplicate(resource, decl);
        return conflict(message, [{ field, message }]);
      }
    }
    return conflict(`This ${resource.label.one.toLowerCase()} already exists.`);
  }

  if (pg.code === '23503' || pg.code === '23001') {
    if (operation === 'delete') {
      for (const { resource: referrer, field } of referrersOf(resource.name)) {
        if (constraint.startsWith(`${referrer.name}_${field}_`)) {
          return conflict(recordMessages.connected(resource, referrer));
        }
      }
      return conflict(`This ${resource.label.one.toLowerCase()} is in use by other records. Please remove them first.`);
    }
    for (const [field, decl] of Object.entries(resource.fields)) {
      if (decl.kind === 'reference' && constraint.startsWith(`${resource.name}_${field}_`)) {
        const target = findResource(decl.reference);
        const message = target ? recordMessages.missingReference(target) : `${decl.label} does not exist.`;
        return badRequest(message, [{ field, message }]);
      }
    }
  }

  if (pg.code === '23502' || pg.code === '22P02' || pg.code === '22001' || pg.code === '22003') {
    return badRequest('A value in the request is not valid for this field.');
  }
  return error;
}
