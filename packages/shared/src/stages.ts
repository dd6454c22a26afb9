/**
 * The hiring pipeline (issue 14, point 2; decision record 18): every application has a stage, which the job's
 * poster and its company's members move; the applicant sees it, and may withdraw.
 */
export const APPLICATION_STAGES = ['applied', 'reviewing', 'interview', 'offer', 'hired', 'rejected'] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];

export const STAGE_LABELS: Record<ApplicationStage, string> = {
  applied: 'Applied',
  reviewing: 'Reviewing',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Rejected',
};

/** A move to one of these stages e-mails the applicant; 'applied' and 'reviewing' are the employer's business. */
export const MAILED_STAGES: readonly ApplicationStage[] = ['interview', 'offer', 'hired', 'rejected'];

export type MailedStage = 'interview' | 'offer' | 'hired' | 'rejected';
