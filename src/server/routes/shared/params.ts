/**
 * Path and query parameters shared by the API's routes.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../errors.ts';

const MAX_ID = 2_147_483_647;

/** A record id from the path: a positive whole number, or 400. */
export function idParam(request: FastifyRequest, name = 'id'): number {
  const raw = String((request.params as Record<string, unknown>)[name] ?? '');
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id > MAX_ID) {
    throw badRequest(`"${raw.slice(0, 40)}" is not a record id; ids are positive whole numbers.`);
  }
  return id;
}
