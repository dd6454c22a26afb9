import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/** pino-pretty when it is installed (a development dependency) and someone reads the log on a terminal. */
function prettyTransport(): { target: string; options: Record<string, unknown> } | undefined {
  if (!process.stdout.isTTY) return undefined;
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return undefined;
  }
  return { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } };
}

/**
 * Fastify's logger: JSON lines for log collectors, readable lines on a terminal. Fastify's own two lines per
 * request ("incoming request", "request completed") are off: registerRequestLog writes one.
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>): Pick<FastifyServerOptions, 'logger' | 'disableRequestLogging'> {
  if (config.logLevel === 'silent') return { logger: false };
  const transport = prettyTransport();
  return { logger: transport ? { level: config.logLevel, transport } : { level: config.logLevel }, disableRequestLogging: true };
}

/** One line per answered request: method, URL, status and milliseconds taken. */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
    done();
  });
}
