import {
  CONVERSATION_MESSAGES,
  FIELD_MESSAGES,
  type Interview,
  type InterviewProposal,
  type Language,
} from '@jobboard/shared';
import type { Transaction } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import {
  interviewCancelledMail,
  interviewInvitationMail,
  interviewProposalMail,
} from '../mail/conversation-templates.js';
import { instantOf, invitationIcs } from './calendar.js';
import {
  findInterview,
  insertInterview,
  moveToInterview,
  replaceSlots,
  updateInterview,
  type InterviewRow,
  type SlotRow,
} from './interviews.repository.js';
import { teamOf, type Person, type ThreadRow } from './threads.repository.js';
import { linkFor, replyToFor, requireThread, requireWriter, sideOf, type TalkDeps } from './threads.service.js';
import { recipientLanguage, translator } from '../mail/mail-language.js';
import { isolate, timeIn } from '../mail/words.js';

/**
 * Interviews (decision record 42): the team proposes up to five times, the candidate picks one, and both get the
 * invitation as an .ics (METHOD:REQUEST, one UID per interview, SEQUENCE raised by each later change; METHOD:CANCEL
 * on cancelling). Either side cancels; the team proposes anew and the candidate picks anew to reschedule.
 */

function slotsOf(proposal: InterviewProposal): { startsAt: Date; timeZone: string }[] {
  return proposal.slots.map((slot) => {
    const startsAt = instantOf(slot.start, slot.timeZone);
    if (!startsAt) throw new AppError('bad_request', `slots: ${FIELD_MESSAGES.slotMissing(slot.start, slot.timeZone)}`);
    if (startsAt.getTime() <= Date.now()) throw new AppError('bad_request', CONVERSATION_MESSAGES.slotInPast);
    return { startsAt, timeZone: slot.timeZone };
  });
}

async function teamThread(tx: Transaction, userId: string, rawId: string): Promise<ThreadRow> {
  const thread = await requireThread(tx, userId, rawId, true);
  if (sideOf(thread, userId) !== 'team') throw new AppError('forbidden', CONVERSATION_MESSAGES.teamOnly);
  requireWriter(thread, userId);
  if (thread.withdrawn_at !== null) throw new AppError('conflict', CONVERSATION_MESSAGES.withdrawn);
  return thread;
}

async function loadInterview(tx: Transaction, thread: ThreadRow, rawInterviewId: string) {
  const id = parseId(rawInterviewId, CONVERSATION_MESSAGES.interviewNotFound);
  const found = await findInterview(tx, thread.id, id);
  if (!found) throw new AppError('not_found', CONVERSATION_MESSAGES.interviewNotFound);
  return found;
}

async function mailProposal(tx: Transaction, deps: TalkDeps, thread: ThreadRow, proposal: InterviewProposal) {
  if (!thread.candidate_verified) return;
  const language = await recipientLanguage(tx, thread.candidate_email);
  // Each time in its own zone, written as the candidate's language writes dates.
  const slots = slotsOf(proposal).map((slot) => timeIn(slot.startsAt, slot.timeZone, language));
  const content = {
    jobTitle: thread.job_title,
    company: thread.company_name,
    slots,
    lengthMinutes: proposal.lengthMinutes,
    location: proposal.location,
    link: linkFor(deps.origin, thread, 'candidate'),
    // "None of these suit me" can be a reply; the invitations carry none (calendar answers go to their ORGANIZER).
    replyTo: await replyToFor(deps, tx, thread, thread.candidate_id),
  };
  const mail = interviewProposalMail(thread.candidate_email, thread.candidate_name, content, language);
  await deps.mail.enqueue(mail, tx);
}

async function reread(tx: Transaction, thread: ThreadRow, id: string): Promise<Interview> {
  const found = await findInterview(tx, thread.id, id);
  if (!found) throw new Error('the interview just written is gone');
  return found.interview;
}

/** A new proposal; an application not yet at Interview moves there (without the stage's own e-mail). */
export async function proposeInterview(
  deps: TalkDeps,
  userId: string,
  rawId: string,
  proposal: InterviewProposal,
): Promise<Interview> {
  const slots = slotsOf(proposal);
  return deps.db.transaction(async (tx) => {
    const thread = await teamThread(tx, userId, rawId);
    const id = await insertInterview(tx, thread.id, userId, proposal.lengthMinutes, proposal.location);
    await replaceSlots(tx, id, slots);
    if (thread.stage === 'applied' || thread.stage === 'reviewing') {
      await moveToInterview(tx, thread.id, thread.stage, userId);
    }
    await mailProposal(tx, deps, thread, proposal);
    return reread(tx, thread, id);
  });
}

/** New times for an interview (rescheduling by the team): it waits for the candidate's pick again. */
export async function reproposeInterview(
  deps: TalkDeps,
  userId: string,
  rawId: string,
  rawInterviewId: string,
  proposal: InterviewProposal,
): Promise<Interview> {
  const slots = slotsOf(proposal);
  return deps.db.transaction(async (tx) => {
    const thread = await teamThread(tx, userId, rawId);
    const { row } = await loadInterview(tx, thread, rawInterviewId);
    if (row.status === 'cancelled') throw new AppError('conflict', CONVERSATION_MESSAGES.interviewCancelled);
    await replaceSlots(tx, row.id, slots);
    await updateInterview(tx, row.id, {
      status: 'proposed',
      sequence: row.invited ? row.sequence + 1 : row.sequence,
      invited: row.invited,
      chosenSlotId: null,
      lengthMinutes: proposal.lengthMinutes,
      location: proposal.location,
    });
    await mailProposal(tx, deps, thread, proposal);
    return reread(tx, thread, row.id);
  });
}

/** The team member who hears of the interview on the team's side: who proposed it, else the job's poster. */
async function organizerOf(tx: Transaction, thread: ThreadRow, row: InterviewRow): Promise<Person | undefined> {
  const team = await teamOf(tx, thread);
  return team.find((p) => p.id === row.created_by) ?? team.find((p) => p.id === thread.job_poster_id);
}

interface Copies {
  thread: ThreadRow;
  row: InterviewRow;
  slot: SlotRow;
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
}

/**
 * The invitation as each side receives it: their own address as themselves, the site's address standing in for the
 * other side's (never shown to them). One UID per interview, so calendars update the same event.
 */
function icsFor(
  deps: TalkDeps,
  c: Copies,
  organizer: Person,
  recipient: 'team' | 'candidate',
  language: Language,
): string {
  const teamName = `${c.thread.company_name} (${organizer.name})`;
  // The event's own words are the recipient's language too: a calendar shows them without the e-mail.
  const t = translator(language);
  const title = isolate(c.thread.job_title, language);
  const link = linkFor(deps.origin, c.thread, recipient);
  return invitationIcs({
    language,
    method: c.method,
    uid: `interview-${c.row.id}@jobboard`,
    sequence: c.sequence,
    start: new Date(c.slot.starts_at),
    timeZone: c.slot.time_zone,
    lengthMinutes: c.row.length_minutes,
    summary: t('ics.summary', { title, company: isolate(c.thread.company_name, language) }),
    location: c.row.location,
    description: t('ics.description', { title, link }),
    url: link,
    organizer: { name: teamName, email: recipient === 'team' ? organizer.email : deps.siteAddress },
    attendee: {
      name: c.thread.candidate_name,
      email: recipient === 'candidate' ? c.thread.candidate_email : deps.siteAddress,
    },
  });
}

async function sendInvitations(tx: Transaction, deps: TalkDeps, c: Copies, cancelledBy?: string): Promise<void> {
  const organizer = await organizerOf(tx, c.thread, c.row);
  const people: { person: Person; side: 'team' | 'candidate' }[] = [];
  if (c.thread.candidate_verified) {
    const { candidate_id: id, candidate_email: email, candidate_name: name } = c.thread;
    people.push({ person: { id, email, name }, side: 'candidate' });
  }
  if (organizer) people.push({ person: organizer, side: 'team' });
  for (const { person, side } of people) {
    const language = await recipientLanguage(tx, person.email);
    const ics = organizer ? icsFor(deps, c, organizer, side, language) : undefined;
    const link = linkFor(deps.origin, c.thread, side);
    const mail =
      c.method === 'CANCEL'
        ? interviewCancelledMail(
            person.email,
            person.name,
            { jobTitle: c.thread.job_title, by: cancelledBy ?? '', link, ics },
            language,
          )
        : interviewInvitationMail(
            person.email,
            person.name,
            {
              jobTitle: c.thread.job_title,
              with: side === 'candidate' ? c.thread.company_name : c.thread.candidate_name,
              when: timeIn(new Date(c.slot.starts_at), c.slot.time_zone, language),
              location: c.row.location,
              link,
              ics: ics ?? '',
            },
            language,
          );
    await deps.mail.enqueue(mail, tx);
  }
}

/** The candidate picks one of the proposed times (again, to move it): both sides get the invitation. */
export async function pickSlot(
  deps: TalkDeps,
  userId: string,
  rawId: string,
  rawInterviewId: string,
  rawSlotId: string,
): Promise<Interview> {
  return deps.db.transaction(async (tx) => {
    const thread = await requireThread(tx, userId, rawId, true);
    if (sideOf(thread, userId) !== 'candidate') throw new AppError('forbidden', CONVERSATION_MESSAGES.candidateOnly);
    const { row, slots, interview } = await loadInterview(tx, thread, rawInterviewId);
    if (row.status === 'cancelled') throw new AppError('conflict', CONVERSATION_MESSAGES.interviewCancelled);
    const slot = slots.find((s) => s.id === rawSlotId);
    if (!slot) throw new AppError('bad_request', CONVERSATION_MESSAGES.slotNotFound);
    if (row.status === 'scheduled' && row.chosen_slot_id === slot.id) return interview;
    const sequence = row.invited ? row.sequence + 1 : row.sequence;
    await updateInterview(tx, row.id, { status: 'scheduled', sequence, invited: true, chosenSlotId: slot.id });
    await sendInvitations(tx, deps, { thread, row, slot, sequence, method: 'REQUEST' });
    return reread(tx, thread, row.id);
  });
}

/** Either side cancels; an invitation already sent is withdrawn with METHOD:CANCEL. Cancelling again: no change. */
export async function cancelInterview(
  deps: TalkDeps,
  userId: string,
  rawId: string,
  rawInterviewId: string,
): Promise<Interview> {
  return deps.db.transaction(async (tx) => {
    const thread = await requireThread(tx, userId, rawId, true);
    requireWriter(thread, userId);
    const { row, slots, interview } = await loadInterview(tx, thread, rawInterviewId);
    if (row.status === 'cancelled') return interview;
    const sequence = row.invited ? row.sequence + 1 : row.sequence;
    await updateInterview(tx, row.id, {
      status: 'cancelled',
      sequence,
      invited: row.invited,
      chosenSlotId: row.chosen_slot_id,
    });
    const by = sideOf(thread, userId) === 'team' ? thread.company_name : thread.candidate_name;
    const slot = slots.find((s) => s.id === row.chosen_slot_id) ?? slots[0];
    if (row.invited && slot) {
      await sendInvitations(tx, deps, { thread, row, slot, sequence, method: 'CANCEL' }, by);
    } else {
      // Nothing on a calendar yet: the other side hears of it in a plain e-mail.
      const team = sideOf(thread, userId) === 'team';
      const organizer = team ? undefined : await organizerOf(tx, thread, row);
      const to = team
        ? thread.candidate_verified
          ? { email: thread.candidate_email, name: thread.candidate_name }
          : undefined
        : organizer;
      if (to) {
        const link = linkFor(deps.origin, thread, team ? 'candidate' : 'team');
        await deps.mail.enqueue(
          interviewCancelledMail(
            to.email,
            to.name,
            { jobTitle: thread.job_title, by, link },
            await recipientLanguage(tx, to.email),
          ),
          tx,
        );
      }
    }
    return reread(tx, thread, row.id);
  });
}
