import { z } from './zod.js';
import { CV_LIMITS, CV_MESSAGES } from './cv-messages.js';

/**
 * What a seeker sends with an application (issue 14, point 1; decision record 23): a cover note and a CV, PDF or
 * DOCX. A CV is private: it is read through a signed link that lives CV_LIMITS.linkSeconds, never a public URL.
 * This file imports nothing of the package's own, so schemas.ts can build the apply body and the application
 * answer from it.
 */

export const CV_MIME_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;
export const CV_ACCEPTED_TYPES: readonly string[] = Object.values(CV_MIME_TYPES);
/** The file input's `accept`: a first filter only, the server judges by the bytes. */
export const CV_ACCEPT_ATTRIBUTE =
  '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The apply body's additions, beside the spec's `job` (old clients send neither). */
export const coverNoteSchema = z
  .string({ error: 'coverNote must be text' })
  .trim()
  .max(CV_LIMITS.coverNoteMaxLength, {
    error: `coverNote: A cover note has at most ${CV_LIMITS.coverNoteMaxLength.toLocaleString('en-US')} characters`,
  });
export const cvIdSchema = z.uuid({ error: 'cvId must be the id of a CV you uploaded' });

/** POST /api/upload/cv answers the stored CV. */
export const cvUploadSchema = z.object({
  id: z.string(),
  fileName: z.string().describe('The original name, cleaned (letters, digits, dashes) with its extension'),
  size: z.number().int().describe('Bytes'),
  contentType: z.enum([CV_MIME_TYPES.pdf, CV_MIME_TYPES.docx]).describe('Decided from the bytes'),
});
export type CvUpload = z.infer<typeof cvUploadSchema>;

/** The CV an application carries, as its applicant and its job's managers see it (no id: read it by the application). */
export const cvSummarySchema = z.object({ fileName: z.string(), size: z.number().int() });
export type CvSummary = z.infer<typeof cvSummarySchema>;

export const cvLinkSchema = z.object({
  url: z.string().describe('/api/cvs/:cvId/file?expires=&sig=: works for anyone holding it until expiresAt'),
  expiresAt: z.string().describe('ISO 8601'),
});
export type CvLink = z.infer<typeof cvLinkSchema>;

export const cvParamsSchema = z.object({ cvId: z.string().max(100) });
export const cvFileQuerySchema = z.object({
  expires: z.coerce
    .number({ error: 'expires must be a whole number' })
    .int({ error: 'expires must be a whole number' })
    .min(0)
    .max(2 ** 40),
  sig: z.string({ error: 'sig is required' }).max(200, { error: 'sig is too long' }),
});

/** Client and server agree on the pre-check: what the browser refuses before sending, the server refuses too. */
export function cvFileProblem(file: { name: string; size: number; type: string }): string | undefined {
  if (file.size > CV_LIMITS.maxBytes) return CV_MESSAGES.tooLarge.replace(/^cv: /, '');
  const name = file.name.toLowerCase();
  const typeOk = CV_ACCEPTED_TYPES.includes(file.type) || name.endsWith('.pdf') || name.endsWith('.docx');
  if (!typeOk) return CV_MESSAGES.wrongType.replace(/^cv: /, '');
  return undefined;
}

/** "2.4 MB", "312 KB". */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
