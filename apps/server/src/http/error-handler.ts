import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@jobboard/shared';
import { AppError, errorBody, isDatabaseUnavailable } from './errors.js';

type ValidationIssue = { instancePath?: string; message?: string };

/** 'jobTitle: Job title is required; companyLogo: Company logo must be a valid URL' */
export function describeValidation(issues: ValidationIssue[], context: string | undefined): string {
  const parts = issues.map((issue) => {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const message = issue.message ?? 'is invalid';
    if (!field && /expected object/i.test(message)) {
      return context === 'body' ? 'Request body must be a JSON object' : `The ${context ?? 'request'} is invalid`;
    }
    return field ? `${field}: ${message}` : message;
  });
  return [...new Set(parts)].join('; ');
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).headers(error.headers).send(errorBody(error.statusCode, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = describeValidation(error.validation, error.validationContext);
      return reply.code(400).send(errorBody(400, message));
    }
    const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      // Fastify's own client errors (too large, bad content type, rate limit...) already read well.
      return reply.code(statusCode).send(errorBody(statusCode, error.message));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('Retry-After', '5').send(errorBody(503, MESSAGES.databaseUnavailable));
    }
    request.log.error({ err: error }, 'unhandled error');
    // Never the internals: the log has them, the client gets a sentence.
    return reply.code(500).send(errorBody(500, MESSAGES.serverError));
  });
}

/** JSON bodies: an empty body is an empty object (so a bodiless POST reads as "fields missing"), bad JSON a 400. */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(
        null,
        JSON.parse(text, (key, value: unknown) => (key === '__proto__' ? undefined : value)),
      );
    } catch {
      done(new AppError('bad_request', MESSAGES.jsonBodyInvalid), undefined);
    }
  });
}

/**
 * Errors Fastify raises before routing, which never reach the error handler: without this they answer in
 * Fastify's own shape (with its internal code) instead of ours. An over-long path parameter cannot be an id,
 * so, like any malformed id, it names nothing (404); a broken percent-encoding is a bad request.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(404).send(errorBody(404, MESSAGES.notFound));
  } else if (error.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send(errorBody(400, 'The address of the request is not valid'));
  } else {
    void reply.code(500).send(errorBody(500, MESSAGES.serverError));
  }
}
