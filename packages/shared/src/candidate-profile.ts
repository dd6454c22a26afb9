import { z } from './zod.js';
import { cvUploadSchema } from './cv.js';
import { CANDIDATE_LIMITS } from './candidate-messages.js';

/** An absolute https URL (a profile link opens in the employer's browser: never http, javascript: or a path). */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const trimmedText = (field: string, label: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, { error: `${field}: ${label} has at most ${max} characters` });

export const candidateProfileBodySchema = z.strictObject({
  headline: trimmedText('headline', 'A headline', CANDIDATE_LIMITS.headlineMaxLength),
  location: trimmedText('location', 'A location', CANDIDATE_LIMITS.locationMaxLength),
  links: z
    .array(
      z
        .string({ error: 'links: Each link must be text' })
        .trim()
        .max(CANDIDATE_LIMITS.linkMaxLength, {
          error: `links: A link has at most ${CANDIDATE_LIMITS.linkMaxLength} characters`,
        })
        .refine(isHttpsUrl, { error: 'links: Each link must be a full https:// address' }),
      { error: 'links must be a list of https:// addresses' },
    )
    .max(CANDIDATE_LIMITS.links, { error: `links: A profile shows at most ${CANDIDATE_LIMITS.links} links` })
    .refine((links) => new Set(links).size === links.length, { error: 'links: The same link is listed twice' }),
});
export type CandidateProfileBody = z.infer<typeof candidateProfileBodySchema>;

/** What employers see of the applicant beside the spec's fields (empty strings and list: nothing given). */
export const candidateProfileSchema = z.object({
  headline: z.string(),
  location: z.string(),
  links: z.array(z.string()).describe('https addresses, at most 5'),
});
export type CandidateProfile = z.infer<typeof candidateProfileSchema>;

const labelSchema = z
  .string({ error: 'label must be text' })
  .trim()
  .min(1, { error: 'label: A CV needs a label' })
  .max(CANDIDATE_LIMITS.labelMaxLength, {
    error: `label: A label has at most ${CANDIDATE_LIMITS.labelMaxLength} characters`,
  });

/** POST /api/profile/cvs: keeps a CV the caller uploaded (POST /api/upload/cv) on their profile. */
export const storedCvCreateBodySchema = z.strictObject({
  cvId: z.uuid({ error: 'cvId must be the id of a CV you uploaded' }),
  label: labelSchema.optional(),
  isDefault: z.boolean({ error: 'isDefault must be true or false' }).optional(),
});
export type StoredCvCreateBody = z.infer<typeof storedCvCreateBodySchema>;

/** PATCH /api/profile/cvs/:cvId: rename it, or make it the default (false is refused: choose another instead). */
export const storedCvUpdateBodySchema = z
  .strictObject({
    label: labelSchema,
    isDefault: z.literal(true, { error: 'isDefault: Only true: make another CV the default instead' }),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'Nothing to update: send label or isDefault' });
export type StoredCvUpdateBody = z.infer<typeof storedCvUpdateBodySchema>;

export const storedCvSchema = cvUploadSchema.extend({
  label: z.string(),
  isDefault: z.boolean(),
  addedAt: z.string().describe('When it was kept on the profile (ISO 8601)'),
});
export type StoredCv = z.infer<typeof storedCvSchema>;

export const storedCvListSchema = z.object({
  cvs: z.array(storedCvSchema).describe('Oldest first; at most one isDefault'),
  max: z.number().int(),
});
export type StoredCvList = z.infer<typeof storedCvListSchema>;
