import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@jobboard/shared';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { findSessionUser } from '../modules/auth/sessions.repository.js';
import type { UserRow } from '../modules/users/users.repository.js';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from the session cookie only (DESIGN.md section 5). */
    user: UserRow | null;
    sessionToken: string | null;
  }
}

/** `__Host-` binds the cookie to this exact origin over https; plain http (local dev) cannot use the prefix. */
export function sessionCookieName(config: Pick<Config, 'secureCookies'>): string {
  return config.secureCookies ? '__Host-jobboard_session' : 'jobboard_session';
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function registerSession(app: FastifyInstance, deps: { db: Db; config: Config }): void {
  const cookieName = sessionCookieName(deps.config);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[cookieName];
    // A malformed cookie is simply "no session": never an error, never a database round trip.
    if (!token || !TOKEN_SHAPE.test(token)) return;
    request.sessionToken = token;
    request.user = (await findSessionUser(deps.db, token)) ?? null;
  });
}

export function requireUser(request: FastifyRequest, message: string = MESSAGES.notSignedIn): UserRow {
  if (!request.user) throw new AppError('unauthenticated', message);
  return request.user;
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date): void {
  reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
}
