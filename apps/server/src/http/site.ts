import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** The site's own origin for links in e-mails and redirects: PUBLIC_URL when set, else the request's host. */
export function siteOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>, config: Pick<Config, 'publicUrl'>): string {
  return config.publicUrl ? new URL(config.publicUrl).origin : `${request.protocol}://${request.host}`;
}
