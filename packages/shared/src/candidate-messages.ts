/**
 * The candidate profile's limits and answers, importing no schema: the web app's server-text map takes them from here
 * without pulling zod into every screen. candidate-profile.ts holds the schemas.
 */
/**
 * A seeker's profile as an applicant (issue 33, point 4; decision record 44): a headline, a location, a few links,
 * and up to five stored CVs to apply with (one of them the default the apply dialog preselects).
 */
export const CANDIDATE_LIMITS = {
  /** CVs kept on the profile (uploads sent with applications but not kept on the profile do not count). */
  storedCvs: 5,
  labelMaxLength: 80,
  headlineMaxLength: 120,
  locationMaxLength: 100,
  links: 5,
  linkMaxLength: 300,
} as const;

export const CANDIDATE_MESSAGES = {
  tooManyCvs: `cvId: Your profile keeps at most ${CANDIDATE_LIMITS.storedCvs} CVs: delete one first`,
  cvNotFound: 'CV not found',
  cvIdNotYours: 'cvId: CV not found (upload it again)',
  alreadyStored: 'cvId: This CV is already on your profile',
} as const;
