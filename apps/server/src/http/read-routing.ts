import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Where this request's reads go (decision record 22): a read replica for a GET or HEAD, unless the caller
     * wrote a moment ago (read-your-writes) or no replica is serving; the primary otherwise. Writes always use
     * the primary (the routes' `db`).
     */
    reads: Db;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `__Host-` over https, as the session cookie (http/session.ts). */
export function freshCookieName(config: Pick<Config, 'secureCookies'>): string {
  return config.secureCookies ? '__Host-jobboard_fresh' : 'jobboard_fresh';
}

/**
 * Sets `request.reads`. After a successful write (any method but GET, HEAD and OPTIONS answered below 400) the
 * answer carries a cookie that lives READ_YOUR_WRITES_MS and holds nothing but "1": while the browser sends it,
 * that browser's reads go to the primary, so a person always sees what they just did, on whichever instance,
 * however far behind a replica is. Other visitors see the change once a replica has it (at most
 * REPLICA_MAX_LAG_MS later). Without replicas nothing is set and every read is the primary's.
 */
export function registerReadRouting(
  app: FastifyInstance,
  db: Db,
  config: Pick<Config, 'secureCookies' | 'readYourWritesMs'>,
): void {
  app.decorateRequest('reads', null as unknown as Db);
  const cookie = freshCookieName(config);
  const wroteRecently = (request: FastifyRequest): boolean => request.cookies[cookie] === '1';
  app.addHook('onRequest', async (request) => {
    request.reads = SAFE_METHODS.has(request.method) && !wroteRecently(request) ? (db.reader?.() ?? db) : db;
  });
  if (!db.reader || config.readYourWritesMs <= 0) return;
  app.addHook('onSend', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return;
    reply.setCookie(cookie, '1', {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      maxAge: Math.max(1, Math.ceil(config.readYourWritesMs / 1000)),
    });
  });
}
