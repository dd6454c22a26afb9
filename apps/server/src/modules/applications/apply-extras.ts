import type { Transaction } from '../../db/client.js';
import type { ScreenedApplication } from '../apply-options/apply-options.service.js';
import { insertScreening } from '../apply-options/apply-options.repository.js';
import { applicationStageMail, forwardedApplicationMail } from '../mail/templates.js';
import type { NotifyDeps } from './notifications.js';
import { setChangeMail, updateStage } from './pipeline.repository.js';
import { recipientLanguage } from '../mail/mail-language.js';

/** What happens with an application beside recording it (issue 33, items 2 and 3; decision record 41). */
export interface ApplyExtrasDeps extends NotifyDeps {
  /** The stage undo window (STAGE_MAIL_DELAY_SECONDS): an automatic rejection's e-mail waits it out. */
  stageMailDelaySeconds?: number;
}

export interface RecordedApplication {
  id: string;
  job: { id: string; job_title: string; company_name: string };
  applicant: { name: string; email: string };
  coverNote: string | null;
  cvFileName: string | null;
}

/**
 * In the application's transaction: its answers are stored; a job that takes applications by e-mail gets it
 * forwarded; a knocked-out application of a job that chose so moves to Rejected at once, as a move by nobody,
 * its e-mail waiting the undo window in the queue like any move's, so the team can take it back meanwhile.
 */
export async function afterApplication(
  tx: Transaction,
  deps: ApplyExtrasDeps | undefined,
  application: RecordedApplication,
  screened: ScreenedApplication,
): Promise<void> {
  const { screening, options } = screened;
  if (screening) {
    await insertScreening(tx, application.id, screening.versionId, screening.answers, screening.knockedOut);
  }
  if (!deps) return;
  if (options?.method === 'email' && options.forward_email) {
    const mail = forwardedApplicationMail(
      options.forward_email,
      {
        jobTitle: application.job.job_title,
        applicant: application.applicant,
        coverNote: application.coverNote,
        cvFileName: application.cvFileName,
        answers: screening?.answers ?? [],
        link: `${deps.siteOrigin}/responses?job=${encodeURIComponent(application.job.id)}`,
      },
      await recipientLanguage(tx, options.forward_email),
    );
    await deps.mail.enqueue(mail, tx);
  }
  if (screening?.knockedOut && options?.auto_reject) {
    const { changeId } = await updateStage(
      tx,
      application.id,
      { stage: 'applied', customStageId: null },
      { stage: 'rejected', customStageId: null },
      null,
    );
    const mail = applicationStageMail(
      application.applicant.email,
      application.applicant.name,
      {
        jobTitle: application.job.job_title,
        company: application.job.company_name,
        stage: 'rejected',
        appliedJobsLink: `${deps.siteOrigin}/jobs-applied`,
      },
      await recipientLanguage(tx, application.applicant.email),
    );
    await setChangeMail(tx, changeId, await deps.mail.enqueue(mail, tx, deps.stageMailDelaySeconds ?? 0));
  }
}
