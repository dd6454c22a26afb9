import { z } from './zod.js';
import { APPLICATION_STAGES } from './stages.js';
import { CONVERSATION_LIMITS } from './conversation-messages.js';

/** Messages and interviews of an application (issue 33 items 5 and 6; decision record 42). */

/** Plain text: letters, punctuation, line breaks and tabs; no other control characters. */
const PLAIN_TEXT = /^[^\p{Cc}]*$/u;
/** The field's name is put before each message by the error handler ("body: Write a message"). */
const plainText = (max: number, empty: string) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .min(1, { error: empty })
    .max(max, { error: `at most ${max.toLocaleString('en-US')} characters` })
    .refine((text) => PLAIN_TEXT.test(text.replace(/[\n\r\t]/g, ' ')), {
      error: 'plain text only (no control characters)',
    });

/** An IANA time zone name the runtime knows (Europe/Paris, America/New_York, UTC). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const threadParamsSchema = z.object({ id: z.string().max(100) });
export const interviewParamsSchema = z.object({ id: z.string().max(100), interviewId: z.string().max(100) });

export const threadMessageBodySchema = z.strictObject({
  body: plainText(CONVERSATION_LIMITS.messageMaxLength, 'Write a message'),
});
export type ThreadMessageBody = z.infer<typeof threadMessageBodySchema>;

export const threadMessageSchema = z.object({
  id: z.string(),
  body: z.string().describe('Plain text, shown as text (never as HTML)'),
  fromTeam: z.boolean().describe("true: written by the job's team; false: by the candidate"),
  senderName: z
    .string()
    .describe("The team's company and the sender's public name, or the candidate's public name; never an address"),
  mine: z.boolean().describe('Written by the caller'),
  byEmail: z.boolean().describe('Arrived as a reply to a notification e-mail'),
  createdAt: z.string(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

const slotInputSchema = z.strictObject({
  start: z
    .string({ error: 'must be a local date and time' })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'must look like 2030-05-17T14:30' }),
  timeZone: z
    .string({ error: 'must be text' })
    .max(64, { error: 'is too long' })
    .refine(isTimeZone, { error: 'must be an IANA time zone such as Europe/Paris' }),
});

export const interviewProposalSchema = z.strictObject({
  slots: z
    .array(slotInputSchema, { error: 'must be a list of time slots' })
    .min(1, { error: 'propose at least one time' })
    .max(CONVERSATION_LIMITS.slotsMax, { error: `at most ${CONVERSATION_LIMITS.slotsMax} time slots` }),
  lengthMinutes: z
    .number({ error: 'must be a number of minutes' })
    .int({ error: 'must be a whole number of minutes' })
    .min(CONVERSATION_LIMITS.minutesMin, { error: `at least ${CONVERSATION_LIMITS.minutesMin} minutes` })
    .max(CONVERSATION_LIMITS.minutesMax, { error: `at most ${CONVERSATION_LIMITS.minutesMax} minutes` }),
  location: plainText(CONVERSATION_LIMITS.locationMaxLength, 'Give a place or a video link'),
});
export type InterviewProposal = z.infer<typeof interviewProposalSchema>;

export const interviewPickSchema = z.strictObject({
  slotId: z.string({ error: 'must be text' }).max(100, { error: 'is too long' }),
});

export const INTERVIEW_STATUSES = ['proposed', 'scheduled', 'cancelled'] as const;
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number];

export const interviewSlotSchema = z.object({
  id: z.string(),
  startsAt: z.string().describe('The start, in UTC (ISO 8601)'),
  timeZone: z.string().describe('The IANA time zone it was proposed in'),
});

export const interviewSchema = z.object({
  id: z.string(),
  status: z.enum(INTERVIEW_STATUSES),
  lengthMinutes: z.number().int(),
  location: z.string(),
  sequence: z.number().int().describe('The invitation’s SEQUENCE (RFC 5545): raised by each change'),
  slots: z.array(interviewSlotSchema).describe('The proposed times, earliest first'),
  chosenSlotId: z.string().nullable().describe('The time the candidate picked; null until then'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Interview = z.infer<typeof interviewSchema>;

export const threadSchema = z.object({
  application: z.object({
    id: z.string(),
    jobId: z.string(),
    jobTitle: z.string(),
    companyName: z.string(),
    candidateName: z.string(),
    stage: z.enum(APPLICATION_STAGES),
    withdrawn: z.boolean(),
  }),
  side: z.enum(['team', 'candidate']).describe("The caller's side of the thread"),
  canWrite: z.boolean().describe("false for a viewer of the job's company: reads the team's side, writes nothing"),
  messages: z.array(threadMessageSchema).describe('Oldest first'),
  interviews: z.array(interviewSchema).describe('Newest first'),
});
export type Thread = z.infer<typeof threadSchema>;

export const stageHistoryEntrySchema = z.object({
  from: z.enum(APPLICATION_STAGES),
  to: z.enum(APPLICATION_STAGES),
  at: z.string(),
  byName: z.string().nullable().describe('Who moved it; null once their account is gone'),
  undo: z.boolean().describe('The move took back the one before it'),
});

export const candidateSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  applicantName: z.string().describe("The applicant's public name"),
  appliedAt: z.string(),
  stage: z.enum(APPLICATION_STAGES),
  withdrawnAt: z.string().nullable(),
  coverNote: z.string().nullable(),
  cv: z.object({ fileName: z.string(), size: z.number().int() }).nullable().describe('Read through GET cv-link'),
  history: z.array(stageHistoryEntrySchema).describe('Stage moves, oldest first'),
});
export type Candidate = z.infer<typeof candidateSchema>;

/** How many threads with unread messages the unread answer lists by name (the counts cover all). */
export const UNREAD_THREADS_LISTED = 20;

export const unreadThreadsSchema = z.object({
  total: z.number().int(),
  asCandidate: z.number().int().describe('Unread on threads of your own applications'),
  asTeam: z.number().int().describe("Unread on threads of applications to your or your company's jobs"),
  threads: z.record(z.string(), z.number().int()).describe('Unread messages per application id (none: left out)'),
  waiting: z
    .array(
      z.object({
        applicationId: z.string(),
        side: z.enum(['candidate', 'team']).describe('candidate: your application; team: one to your jobs'),
        jobTitle: z.string(),
        withName: z.string().describe("The company (side candidate) or the applicant's name (side team)"),
        unread: z.number().int(),
        latestAt: z.string().describe('When the newest unread message was written'),
      }),
    )
    .describe(`The threads with unread messages, newest first, at most ${UNREAD_THREADS_LISTED}`),
});
export type UnreadThreads = z.infer<typeof unreadThreadsSchema>;
