import { FIELD_MESSAGES } from '@jobboard/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/** The path of the first string holding a NUL character, or undefined. */
function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > 8 || typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = findNul(child, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a body or query string with one made the database
 * fail the statement, and the client got a 500. It is refused up front as a 400 naming the field. This runs
 * after validation (which answers first about everything else) and leaves path parameters alone, so a
 * malformed id stays a 404. Pages (route config `page`) are left to themselves: they are made of API answers,
 * which the guard checks, and a person who opened a link holding a NUL gets a page, not JSON.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.page) return;
    const field = findNul(request.query, '') ?? findNul(request.body, '');
    if (field !== undefined) {
      throw new AppError('bad_request', `${field || 'The request'}: ${FIELD_MESSAGES.noNul}`);
    }
  });
}
