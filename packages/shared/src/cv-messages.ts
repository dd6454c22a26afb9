/**
 * CVs' limits and answers, importing no schema: the web app's server-text map takes them from here
 * without pulling zod into every screen. cv.ts holds the schemas.
 */
export const CV_LIMITS = {
  /** Characters in a cover note (after trimming). */
  coverNoteMaxLength: 5_000,
  /** Bytes in a CV file. */
  maxBytes: 5 * 1024 * 1024,
  /** How long a signed CV link works. */
  linkSeconds: 600,
  /** CVs one account may keep (uploads that were never sent count too). */
  perUser: 100,
} as const;

export const CV_MESSAGES = {
  wrongType: 'cv: CV must be a PDF or DOCX document',
  tooLarge: 'cv: A CV is at most 5 MB',
  missing: 'cv: Attach the CV in the multipart field "cv"',
  tooMany: `cv: You have uploaded ${CV_LIMITS.perUser} CVs, the most one account may keep`,
  notFound: 'CV not found',
  cvIdNotYours: 'cvId: CV not found (upload it again)',
  noCv: 'This application has no CV',
  badLink: 'This CV link is invalid or has expired: open the CV again from the page',
  unconfirmed:
    'Confirm your e-mail address before uploading a CV: follow the link we mailed you, or ask for a new one on your profile',
  inUse: 'This CV was sent with an application, so it is kept for the employer: only a CV never sent can be deleted',
} as const;
