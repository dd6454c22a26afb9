import { createRequire } from 'node:module';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/** pino-pretty when someone reads the log on a terminal (it is resolved first: a trimmed install may leave it out). */
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
 * One line per answered request (method, URL, status, milliseconds) instead of Fastify's two ("incoming request"
 * and "request completed"), whose first says nothing the second could not.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request');
    else reply.log.info(line, 'request');
  }
}

/** Fastify's logger: JSON lines for log collectors, readable lines on a terminal. */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (config.logLevel === 'silent') return { logger: false };
  const transport = prettyTransport();
  return {
    logger: transport ? { level: config.logLevel, transport } : { level: config.logLevel },
    logController: new OneLinePerRequest(),
  };
}
