import { z } from './zod.js';
import { STAGE_MAIL_MESSAGE_MAX } from './stage-mail.js';
import { APPLICATION_STAGES } from './stages.js';
import { CUSTOM_STAGE_NAME_MAX } from './team-messages.js';

/*
 * Issue 33, items 7 and 8 (decision record 43): team roles, a company's stage e-mail templates, its custom
 * stages, and bulk stage moves.
 */

/** Owners manage members and the company; recruiters post jobs and manage applications; viewers read. */
export const COMPANY_ROLES = ['owner', 'recruiter', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  owner: 'Owner',
  recruiter: 'Recruiter',
  viewer: 'Viewer',
};
export const companyRoleSchema = z.enum(COMPANY_ROLES, { error: 'role must be owner, recruiter or viewer' });

export const memberRoleBodySchema = z.strictObject({ role: companyRoleSchema });

/** Plain text: letters, punctuation, line breaks and tabs; no other control characters. */
const PLAIN_TEXT = /^[^\p{Cc}]*$/u;

const MAILED = ['interview', 'offer', 'hired', 'rejected'] as const;
export const mailedStageSchema = z.enum(MAILED, { error: 'stage must be interview, offer, hired or rejected' });

export const stageTemplateParamsSchema = z.object({ slug: z.string().max(100), stage: z.string().max(40) });
export const stageTemplateBodySchema = z.strictObject({
  message: z
    .string({ error: 'message must be text' })
    .trim()
    .min(1, { error: 'message: Write the message, or reset it to the built-in text' })
    .max(STAGE_MAIL_MESSAGE_MAX, {
      error: `message: at most ${STAGE_MAIL_MESSAGE_MAX.toLocaleString('en-US')} characters`,
    })
    .refine((text) => PLAIN_TEXT.test(text.replace(/[\n\r\t]/g, ' ')), {
      error: 'message: plain text only (no control characters)',
    }),
});
export const stageTemplateSchema = z.object({
  stage: mailedStageSchema,
  message: z.string().describe('The message a move to this stage e-mails unless the mover edits it'),
  builtIn: z.boolean().describe('true: the built-in text (the company has not written its own)'),
});
export const stageTemplatesSchema = z.object({ items: z.array(stageTemplateSchema) });
export type StageTemplate = z.infer<typeof stageTemplateSchema>;

const fixedStageSchema = z.enum(APPLICATION_STAGES, {
  error: `after must be one of ${APPLICATION_STAGES.join(', ')}`,
});
export const customStageSchema = z.object({
  id: z.string(),
  name: z.string(),
  after: fixedStageSchema.describe(
    'The fixed stage it follows; an application in it reads as this stage to old clients',
  ),
  position: z.number().int().describe('Its order among the custom stages after the same fixed stage'),
});
export type CustomStage = z.infer<typeof customStageSchema>;
export const customStagesSchema = z.object({ items: z.array(customStageSchema).describe('In pipeline order') });
export const customStageBodySchema = z.strictObject({
  name: z
    .string({ error: 'name must be text' })
    .trim()
    .min(1, { error: 'name: Name the stage' })
    .max(CUSTOM_STAGE_NAME_MAX, { error: `name: at most ${CUSTOM_STAGE_NAME_MAX} characters` })
    .refine((text) => PLAIN_TEXT.test(text), { error: 'name: plain text only' }),
  after: fixedStageSchema,
});
export const customStageParamsSchema = z.object({ slug: z.string().max(100), id: z.string().max(100) });

export const BULK_MOVE_MAX = 50;
export const bulkStageBodySchema = z.strictObject({
  ids: z
    .array(z.string({ error: 'ids: application ids' }).max(100), { error: 'ids: a list of application ids' })
    .min(1, { error: 'ids: choose at least one application' })
    .max(BULK_MOVE_MAX, { error: `ids: at most ${BULK_MOVE_MAX} applications at once` }),
  stage: z.enum(APPLICATION_STAGES, { error: `stage must be one of ${APPLICATION_STAGES.join(', ')}` }),
  customStageId: z.string().max(100).optional(),
  message: z
    .string({ error: 'message must be text' })
    .trim()
    .max(STAGE_MAIL_MESSAGE_MAX, { error: `message: at most ${STAGE_MAIL_MESSAGE_MAX} characters` })
    .refine((text) => PLAIN_TEXT.test(text.replace(/[\n\r\t]/g, ' ')), { error: 'message: plain text only' })
    .optional(),
});
export type BulkStageBody = z.infer<typeof bulkStageBodySchema>;

/** What a move's dialog needs for one application: its company's stages and the messages each mailed stage sends. */
export const stageOptionsSchema = z.object({
  customStages: z.array(customStageSchema),
  messages: z.record(mailedStageSchema, z.string()),
});
export type StageOptions = z.infer<typeof stageOptionsSchema>;
