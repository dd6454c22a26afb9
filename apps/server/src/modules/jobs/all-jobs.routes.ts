import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { jobSchema, JOB_MESSAGES, type Job } from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { rateLimitsOf } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { streamAllJobs, toJob, type JobRow } from './jobs.repository.js';
import { jobViewerOf } from './jobs.service.js';

/** Downloads of every job running at once, per instance; more wait for a 503's Retry-After. */
export const ALL_JOBS_AT_ONCE = 2;
/** How long a download of every job may wait for its client to read before it is ended and its slot freed. */
export const ALL_JOBS_STALL_MS = 30_000;

/**
 * Ends `response` once its client has read nothing for `stallMs` while the response waits for it (the socket's
 * buffer full: `writableNeedDrain`). Time the server spends producing the next chunk does not count. Answers the
 * function that stops watching.
 */
function endWhenStalled(response: ServerResponse, stallMs: number): () => void {
  let blockedSince: number | undefined;
  const drained = () => {
    blockedSince = undefined;
  };
  response.on('drain', drained);
  const timer = setInterval(
    () => {
      if (!response.writableNeedDrain) return drained();
      blockedSince ??= Date.now();
      if (Date.now() - blockedSince >= stallMs) response.destroy();
    },
    Math.max(10, Math.min(1000, stallMs / 5)),
  );
  timer.unref();
  return () => {
    clearInterval(timer);
    response.off('drain', drained);
  };
}

/** GET /api/job/all-jobs. */
export const allJobsRoute: FastifyPluginAsyncZod<AppDeps> = async (app, { config, rateLimiter }) => {
  // The spec's "download every job" call, kept for compatibility: streamed, so memory stays flat at any size.
  // It is the heaviest anonymous read there is, so: a per-address rate limit, at most ALL_JOBS_AT_ONCE running
  // at once (503 + Retry-After beyond), and chunks that let every other request's queries in between.
  // Streamed text, so the schema documents the answer; it is not run over each row.
  let running = 0;
  app.get(
    '/all-jobs',
    { schema: { tags: ['jobs'], response: { 200: z.array(jobSchema) } } },
    async (request, reply) => {
      await rateLimiter.consume([
        [{ name: 'all-jobs-address', ...rateLimitsOf(config).allJobsPerAddress }, request.ip],
      ]);
      if (running >= ALL_JOBS_AT_ONCE) {
        throw new AppError('unavailable', JOB_MESSAGES.downloadsBusy, {
          'Retry-After': '5',
        });
      }
      running += 1;
      // A client that stops reading would hold its slot for as long as it keeps the connection open.
      const stopWatching = endWhenStalled(reply.raw, config.allJobsStallMs ?? ALL_JOBS_STALL_MS);
      let released = false;
      const release = () => {
        if (!released) running -= 1;
        released = true;
        stopWatching();
      };
      reply.raw.once('close', release);
      try {
        // The first chunk is read before answering, so a database that is down is a 503 JSON error, not a 200 cut off.
        const viewer = await jobViewerOf(request.reads, request.user, config.adminEmails);
        const chunks = streamAllJobs(request.reads);
        const first = await chunks.next();
        const serialise = (rows: JobRow[]) => rows.map((row) => JSON.stringify(toJob(row, viewer))).join(',');
        async function* body() {
          yield '[';
          if (!first.done) {
            yield serialise(first.value);
            for await (const rows of chunks) yield ',' + serialise(rows);
          }
          yield ']';
        }
        const stream = Readable.from(body(), { objectMode: false });
        stream.once('close', release);
        // A stream is sent as it is (Fastify never serializes one), so its type is not the schema's.
        const answer: unknown = stream;
        return await reply.type('application/json; charset=utf-8').send(answer as Job[]);
      } catch (error) {
        release();
        throw error;
      }
    },
  );
};
