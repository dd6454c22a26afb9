import { z } from './zod.js';
import { companyRoleSchema } from './teams.js';
import { JOB_MODEL_LIMITS } from './job-model.js';
import { displayNameSchema, emailSchema, idSchema, safeUrl } from './fields.js';
import { companyRefSchema, jobSummarySchema } from './job-schemas.js';

// Companies, their members and invitations.

const companyFields = {
  name: displayNameSchema('Company name', JOB_MODEL_LIMITS.companyName),
  logo: z.union([z.literal(''), safeUrl('Logo')]).default(''),
  website: z.union([z.literal(''), safeUrl('Website')]).default(''),
  description: z
    .string()
    .trim()
    .max(JOB_MODEL_LIMITS.companyDescription, {
      error: `Description must be at most ${JOB_MODEL_LIMITS.companyDescription} characters`,
    })
    .default(''),
};

export const companyCreateBodySchema = z.strictObject(companyFields);
/** Links a company shows on its page beside its website (its careers page, LinkedIn...). */
export const COMPANY_LINKS_MAX = 5;

export const companyUpdateBodySchema = z
  .strictObject({
    name: companyFields.name,
    logo: companyFields.logo,
    website: companyFields.website,
    description: companyFields.description,
    cover: z.union([z.literal(''), safeUrl('Cover image')]),
    links: z
      .array(safeUrl('Link'))
      .max(COMPANY_LINKS_MAX, { error: `A company shows at most ${COMPANY_LINKS_MAX} links` }),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'Nothing to update' });
export const companyMemberBodySchema = z.strictObject({
  email: emailSchema,
  // Issue 33 (decision record 43): the role the invitee gets on accepting; absent (an old client): recruiter.
  role: companyRoleSchema.optional(),
});
export type CompanyCreateBody = z.infer<typeof companyCreateBodySchema>;
export type CompanyUpdateBody = z.infer<typeof companyUpdateBodySchema>;

export const companySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  logo: z.string(),
  website: z.string(),
  description: z.string(),
  canEdit: z.boolean().describe('Whether the signed-in user may edit it (an owner)'),
  openJobs: z.number().int(),
  role: companyRoleSchema.optional().describe("The signed-in user's role in it; absent when not a member"),
});
export type Company = z.infer<typeof companySchema>;

export const companyPageSchema = companySchema.extend({
  cover: z.string().describe("The cover image's URL, '' for none"),
  links: z.array(z.string()).describe('Its links beside the website, at most 5'),
  descriptionHtml: z.string().describe('The description in the safe Markdown subset, rendered (decision 27)'),
  jobs: z.array(jobSummarySchema).describe('Its open jobs, newest first (at most 100)'),
});
export type CompanyPage = z.infer<typeof companyPageSchema>;

export const companyMemberSchema = z.object({
  email: z.string(),
  name: z.string(),
  isCreator: z.boolean(),
  role: companyRoleSchema.optional().describe('owner, recruiter or viewer'),
});
export const companyMembersSchema = z.array(companyMemberSchema);

/** A pending invitation to join a company, as its creator sees it (GET /api/companies/:slug/invitations). */
export const companyInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  role: companyRoleSchema.optional().describe('The role accepting gives'),
});
export const companyInvitationsSchema = z.array(companyInvitationSchema);

/** An invitation to the signed-in user's address, as the invitee sees it (GET /api/invitations). */
export const myInvitationSchema = z.object({
  id: z.string(),
  company: companyRefSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export const myInvitationsSchema = z.array(myInvitationSchema);
export type MyInvitation = z.infer<typeof myInvitationSchema>;
export type CompanyInvitation = z.infer<typeof companyInvitationSchema>;

/** Accepting or declining: the mailed link's token, or (from the list, for a confirmed address) the invitation's id. */
export const invitationAnswerBodySchema = z
  .strictObject({
    id: idSchema.optional(),
    token: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'token: This link is not valid. Ask for a new invitation.' })
      .optional(),
  })
  .refine((body) => (body.id === undefined) !== (body.token === undefined), { error: 'Send either id or token' });
export type InvitationAnswerBody = z.infer<typeof invitationAnswerBodySchema>;

/** Removing or leaving: what happens to the leaving member's jobs under the company (default: closed). */
export const memberRemovalQuerySchema = z.strictObject({
  jobs: z.enum(['close', 'move'], { error: 'jobs must be close or move' }).default('close'),
});
export const membershipAnswerSchema = z.object({ accepted: z.boolean(), company: companyRefSchema.optional() });
