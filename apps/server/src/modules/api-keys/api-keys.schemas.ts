import { APPLICATION_STAGES, jobSchema } from '@jobboard/shared';
import { z } from 'zod';
import { API_SCOPES } from './api-keys.repository.js';

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe('The first characters of the key, to tell keys apart'),
  scopes: z.array(z.enum(API_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable().describe('To the minute; null: never used'),
  revokedAt: z.string().nullable(),
});

export const newApiKeySchema = apiKeySchema.extend({
  secret: z.string().describe('The key itself: shown in this answer only, stored hashed'),
});

export const apiKeyCreateBodySchema = z.strictObject({
  name: z
    .string({ error: 'name: a name for the key is required' })
    .trim()
    .min(1, { error: 'name: a name for the key is required' })
    .max(100, { error: 'name: at most 100 characters' })
    .refine((name) => !/\p{Cc}/u.test(name), { error: 'name: no control characters' }),
  scopes: z
    .array(z.enum(API_SCOPES, { error: `scopes: each must be one of ${API_SCOPES.join(', ')}` }), {
      error: 'scopes: a list of scopes is required',
    })
    .min(1, { error: 'scopes: at least one scope' })
    .max(API_SCOPES.length),
});

export const externalIdSchema = z
  .string()
  .min(1, { error: 'externalId: required' })
  .max(200, { error: 'externalId: at most 200 characters' })
  .regex(/^[\x21-\x7e]+$/, { error: 'externalId: printable ASCII without spaces' });

/** A job as the jobs API answers it: the job model's fields and the client's own reference. */
export const apiJobSchema = jobSchema.extend({
  externalId: z
    .string()
    .nullable()
    .describe("The client's own reference (PUT /api/v1/jobs/by-external-id/:externalId)"),
});

export const pageQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: 'limit: a number from 1 to 200' })
    .int({ error: 'limit: a whole number' })
    .min(1)
    .max(200)
    .default(50),
  offset: z.coerce
    .number({ error: 'offset: a number' })
    .int({ error: 'offset: a whole number' })
    .min(0)
    .max(1_000_000)
    .default(0),
});

export const apiApplicationSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  externalId: z.string().nullable().describe("The job's external reference"),
  applicant: z.object({ name: z.string(), email: z.string() }),
  appliedAt: z.string(),
  stage: z.enum(APPLICATION_STAGES),
  withdrawnAt: z.string().nullable(),
  coverNote: z.string().nullable().describe("The applicant's note"),
  cv: z
    .object({ url: z.string(), expiresAt: z.string() })
    .nullable()
    .describe('A signed link to the CV, valid 10 minutes; null: none sent'),
});
