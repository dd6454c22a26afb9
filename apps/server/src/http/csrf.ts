import { MESSAGES } from '@jobboard/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from './errors.js';
import { isApiRoute } from './session.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is authorised by a signed token in its address, not by the session, and is meant to be called
     * from anywhere (RFC 8058 one-click unsubscribe: a mail provider's POST, with a form body and no Origin):
     * the cross-site check does not apply to it.
     */
    tokenAuthorised?: boolean;
    /**
     * The route is authorised by an API key with this scope (the jobs API, /api/v1), never by the session cookie,
     * which it refuses: a cross-site page cannot make a browser send the key, so the cross-site check does not apply.
     */
    apiKeyScope?: 'jobs:read' | 'jobs:write' | 'applications:read';
    /**
     * A page a person opens (modules/pages): it answers bad input in HTML, asking the API for its parts, which
     * refuse that input themselves.
     */
    page?: boolean;
  }
}

/** The origins allowed to change state: this site itself, PUBLIC_URL, and CORS_ORIGINS. */
function isAllowedOrigin(origin: string, request: FastifyRequest, config: Config): boolean {
  if (config.corsOrigins.includes(origin)) return true;
  if (config.publicUrl && new URL(config.publicUrl).origin === origin) return true;
  const host = request.headers.host;
  return (
    Boolean(host) &&
    (origin === `${request.protocol}://${host}` || origin === `http://${host}` || origin === `https://${host}`)
  );
}

/**
 * Cross-site request forgery defence for every state-changing call:
 * - a browser sends Origin with every cross-origin POST, and it must be this site or an allowed origin;
 * - without Origin (older browsers), the body must be JSON, which an HTML form cannot send, or the request
 *   must carry X-Requested-With, which a cross-site page cannot set without a CORS preflight we refuse.
 * Multipart (avatar upload) always needs X-Requested-With or an allowed Origin, because forms can send it.
 */
export function registerCsrfProtection(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (request) => {
    // By the route reached, not the spelling of the URL (`/%61pi/auth/signout` is `/api/auth/signout`).
    if (!UNSAFE.has(request.method) || !isApiRoute(request)) return;
    if (request.routeOptions.config.tokenAuthorised === true || request.routeOptions.config.apiKeyScope !== undefined)
      return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!isAllowedOrigin(origin, request, config)) {
        throw new AppError('forbidden', MESSAGES.crossSiteRefused);
      }
      return;
    }
    const customHeader = request.headers['x-requested-with'] !== undefined;
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (type === '' || type === 'application/json' || customHeader) return;
    throw new AppError('unsupported_media_type', MESSAGES.jsonBodyRequired);
  });
}
