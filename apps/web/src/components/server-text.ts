import {
  ADMIN_CONSOLE_MESSAGES,
  ALERT_LIMITS,
  ALERT_MESSAGES,
  CANDIDATE_LIMITS,
  CANDIDATE_MESSAGES,
  CONVERSATION_MESSAGES,
  CV_LIMITS,
  CUSTOM_STAGES_MAX,
  IMPORT_MESSAGES,
  INTEGRATION_LIMITS,
  WEBHOOK_MESSAGES,
  CV_MESSAGES,
  FIELD_MESSAGES,
  JOB_DRAFT_LIMITS,
  JOB_DRAFT_MESSAGES,
  JOB_MESSAGES,
  MESSAGES,
  MODERATION_MESSAGES,
  PIPELINE_MESSAGES,
  SCREENING_MESSAGES,
  TEAM_MESSAGES,
} from '@jobboard/shared';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { serverText as translate, setServerTexts, type ServerTexts } from '../lib/server-text';

/*
 * Every text of the @jobboard/shared tables the server sends (its errors and answers) and the screens show, as a
 * message: the English stays the spec's text, byte for byte (server-text.test.ts). In the `common` catalogue, which
 * every lazy screen loads (lingui.config.ts); the job page, a first load, translates its own few in the core one.
 * A text that starts with a field's name ("cvId: ...") keeps it in every language: the forms place the text beside
 * that field by it (lib/server-errors.ts).
 */

const alerts = ALERT_LIMITS.perUser;
const cvs = CV_LIMITS.perUser;
const storedCvs = CANDIDATE_LIMITS.storedCvs;
const drafts = JOB_DRAFT_LIMITS.perUser;
const stages = CUSTOM_STAGES_MAX;

/** MESSAGES (messages.ts) but the lines only logged to the console (log*), which stay English. */
const GENERAL: ServerTexts = {
  [MESSAGES.radiusNeedsCity]: msg`radius needs a city in "where" to measure from (e.g. where=Seattle, WA)`,
  [MESSAGES.signInToApply]: msg`Sign in to apply for jobs`,
  [MESSAGES.cannotApplyOwnJob]: msg`You cannot apply to your own posted job`,
  [MESSAGES.alreadyApplied]: msg`You've already applied to this job`,
  [MESSAGES.appliedSuccessfully]: msg`Applied Successfully`,
  [MESSAGES.profileUpdateFailed]: msg`Error in updating User`,
  [MESSAGES.avatarUploadFailed]: msg`Error image upload (image must be less than 2 mb)`,
  [MESSAGES.avatarUnconfirmed]: msg`Confirm your e-mail address before uploading a picture: follow the link we mailed you, or ask for a new one on your profile`,
  [MESSAGES.deleteUserFailed]: msg`Error in deleting user`,
  [MESSAGES.jobCreated]: msg`Job Created Successfully`,
  [MESSAGES.jobDeleted]: msg`Job Deleted successfully`,
  [MESSAGES.jobUpdated]: msg`Job Updated Successfully`,
  [MESSAGES.userUpdated]: msg`User Updated Successfully`,
  [MESSAGES.userDeleted]: msg`User deleted successfully!`,
  [MESSAGES.confirmTitle]: msg`Are you sure?`,
  [MESSAGES.confirmDeleteAccountText]: msg`You will not be able to recover this account!`,
  [MESSAGES.confirmDeleteAccountButton]: msg`Yes, delete it!`,
  [MESSAGES.noDataFound]: msg`No Data Found !`,
  [MESSAGES.noResumeListed]: msg`No Resume Listed`,
  [MESSAGES.searchPlaceholder]: msg`What position are you looking for?`,
  [MESSAGES.wrongCredentials]: msg`Wrong email or password`,
  [MESSAGES.signUpSuccess]: msg`User created successfully`,
  [MESSAGES.signOutSuccess]: msg`User has been signed out`,
  [MESSAGES.notSignedIn]: msg`You must be signed in to do that`,
  [MESSAGES.signedInElsewhere]: msg`You are now signed in as another account in another tab. Reload to continue.`,
  [MESSAGES.forbidden]: msg`You are not allowed to do that`,
  [MESSAGES.emailTaken]: msg`An account with this email already exists`,
  [MESSAGES.usernameTaken]: msg`This username is already taken`,
  [MESSAGES.jobNotFound]: msg`Job not found`,
  [MESSAGES.jobNotAccepting]: msg`This job is no longer accepting applications`,
  // Also ADMIN_CONSOLE_MESSAGES.companyNotFound.
  [MESSAGES.companyNotFound]: msg`Company not found`,
  [MESSAGES.userNotFound]: msg`User not found`,
  [MESSAGES.notFound]: msg`Not found`,
  [MESSAGES.alreadyAppliedError]: msg`You have already applied to this job`,
  [MESSAGES.savedJobsFull]: msg`You can keep at most 1,000 saved jobs. Remove some from Saved Jobs to save more.`,
  [MESSAGES.googleNotConfigured]: msg`Sign-in with Google is not configured on this server`,
  [MESSAGES.googleCancelled]: msg`Google sign-in was cancelled.`,
  [MESSAGES.googleFailed]: msg`Google sign-in failed. Please try again.`,
  [MESSAGES.googlePopupBlocked]: msg`Allow pop-ups for this site to sign in with Google`,
  [MESSAGES.googleUnverified]: msg`Your Google account email is not verified.`,
  [MESSAGES.googleExpired]: msg`This sign-in attempt has expired. Please try again.`,
  [MESSAGES.tooManyRequests]: msg`Too many attempts. Please wait a moment and try again.`,
  [MESSAGES.serverError]: msg`Something went wrong on our side. Please try again.`,
  [MESSAGES.verifyEmailToPost]: msg`Confirm your e-mail address to post jobs: follow the link we sent you, or ask for a new one.`,
  [MESSAGES.verificationSent]: msg`We sent a confirmation link to your e-mail address.`,
  [MESSAGES.emailChangePending]: msg`Check the inbox of your new address: the change takes effect when you follow the link we sent there.`,
  [MESSAGES.emailVerified]: msg`Your e-mail address is confirmed.`,
  [MESSAGES.linkInvalid]: msg`This link has expired or was already used. Ask for a new one.`,
  [MESSAGES.addressNowTaken]: msg`This address is now used by another account.`,
  [MESSAGES.resetSent]: msg`If an account uses this address, we sent it a link to reset the password. The link expires in 30 minutes.`,
  [MESSAGES.passwordReset]: msg`Your password was changed. Sign in with the new one.`,
  [MESSAGES.currentPasswordRequired]: msg`currentPassword: Enter your current password to change your password or e-mail`,
  [MESSAGES.currentPasswordWrong]: msg`currentPassword: Your current password is not correct`,
  [MESSAGES.reauthenticateWithGoogle]: msg`Sign in with Google again (within 10 minutes) to change your password or e-mail`,
  [MESSAGES.currentPasswordRequiredToDelete]: msg`currentPassword: Enter your current password to delete your account`,
  [MESSAGES.reauthenticateWithGoogleToDelete]: msg`Sign in with Google again (within 10 minutes) to delete your account`,
  [MESSAGES.oidcBrowserMismatch]: msg`This sign-in was started in another browser or has expired. Please try again.`,
  [MESSAGES.databaseUnavailable]: msg`The service is temporarily unavailable. Please try again shortly.`,
  [MESSAGES.searchTimedOut]: msg`This search took too long. Try more specific words or a filter, or try again shortly.`,
  [MESSAGES.deleteOwnAccountOnly]: msg`You can only delete your own account`,
  [MESSAGES.updateOwnAccountOnly]: msg`You can only update your own account`,
  [MESSAGES.ownApplicationsOnly]: msg`You can only see your own applications`,
  [MESSAGES.googleTokenInvalid]: msg`The Google ID token is not valid`,
  [MESSAGES.imageNotMultipart]: msg`Send the image as multipart/form-data in the field "file"`,
  [MESSAGES.imageFieldMissing]: msg`Send the image in the field "file"`,
  [MESSAGES.crossSiteRefused]: msg`Cross-site request refused`,
  [MESSAGES.jsonBodyRequired]: msg`Send the request body as JSON (Content-Type: application/json)`,
  [MESSAGES.jsonBodyInvalid]: msg`The request body is not valid JSON`,
  [MESSAGES.metricsTokenRequired]: msg`Send the metrics token as Authorization: Bearer <token>`,
};

/** Posting and changing jobs (JOB_MESSAGES). */
const JOBS: ServerTexts = {
  [JOB_MESSAGES.notAMember]: msg`companyId: You can only post jobs for companies you are a member of`,
  [JOB_MESSAGES.viewerCannotPost]: msg`companyId: Viewers of a company cannot post jobs for it`,
  [JOB_MESSAGES.companyNameRequired]: msg`companyName: Company name is required`,
  [JOB_MESSAGES.posterOnly]: msg`Only the poster of a job can change it`,
  [JOB_MESSAGES.apiKeyChangesOwnCompany]: msg`companyId: an API key changes the jobs of its own company only`,
  [JOB_MESSAGES.apiKeyPostsOwnCompany]: msg`companyId: an API key posts for its own company only`,
  [JOB_MESSAGES.noLongerMember]: msg`You are no longer a member of this job's company`,
  [JOB_MESSAGES.viewerCannotChange]: msg`Viewers of this job's company cannot change its jobs`,
  [JOB_MESSAGES.ownJobsOnly]: msg`You can only list the jobs you posted`,
  [JOB_MESSAGES.validThroughNotDate]: msg`validThrough: must be a date (YYYY-MM-DD)`,
  [JOB_MESSAGES.reopenNeedsDate]: msg`validThrough: an expired job needs a new closing date to reopen`,
  [JOB_MESSAGES.idempotencyKey]: msg`Idempotency-Key: must be a UUID (one per form, sent again with its retries)`,
  [JOB_MESSAGES.downloadsBusy]: msg`Too many downloads of every job at once. Please try again shortly.`,
  [JOB_MESSAGES.sitemapsBusy]: msg`Too many sitemap files are being written at once. Please try again shortly.`,
};

/** The answers of the admin console's and the moderators' actions. */
const CONSOLE: ServerTexts = {
  [MODERATION_MESSAGES.reported]: msg`Thank you. An administrator will review this job.`,
  [MODERATION_MESSAGES.alreadyReported]: msg`You have already reported this job. An administrator will review it.`,
  [MODERATION_MESSAGES.cannotReportOwnJob]: msg`You cannot report your own job`,
  [MODERATION_MESSAGES.adminsOnly]: msg`Administrators only`,
  [MODERATION_MESSAGES.approved]: msg`Job approved`,
  [MODERATION_MESSAGES.hidden]: msg`Job hidden`,
  [MODERATION_MESSAGES.banned]: msg`Account banned`,
  [MODERATION_MESSAGES.unbanned]: msg`Account unbanned`,
  [MODERATION_MESSAGES.cannotBanAdmin]: msg`Administrators cannot be banned`,
  [MODERATION_MESSAGES.posterBanned]: msg`The poster is banned: unban the account before approving its jobs`,
  [MODERATION_MESSAGES.accountBanned]: msg`This account has been suspended by the administrators and cannot sign in.`,
  [MODERATION_MESSAGES.awaitingReview]: msg`Awaiting review: an administrator checks new accounts’ first jobs before they appear in search.`,
  [MODERATION_MESSAGES.jobHiddenBy]: msg`Hidden by an administrator`,
  [ADMIN_CONSOLE_MESSAGES.closed]: msg`Job closed`,
  [ADMIN_CONSOLE_MESSAGES.deleted]: msg`Account deleted`,
  [ADMIN_CONSOLE_MESSAGES.confirmationSent]: msg`A new confirmation link was sent`,
  [ADMIN_CONSOLE_MESSAGES.alreadyConfirmed]: msg`The address is already confirmed`,
  [ADMIN_CONSOLE_MESSAGES.granted]: msg`Administrator role granted`,
  [ADMIN_CONSOLE_MESSAGES.revoked]: msg`Administrator role revoked`,
  [ADMIN_CONSOLE_MESSAGES.unchanged]: msg`Nothing to change`,
  [ADMIN_CONSOLE_MESSAGES.cannotRevokeSelf]: msg`You cannot revoke your own administrator role`,
  [ADMIN_CONSOLE_MESSAGES.cannotRevokeEnvironment]: msg`This address is listed in ADMIN_EMAILS: remove it there to revoke the role`,
  [ADMIN_CONSOLE_MESSAGES.cannotGrantUnverified]: msg`The account has not confirmed its address: an administrator needs a confirmed one`,
  [ADMIN_CONSOLE_MESSAGES.cannotDeleteAdmin]: msg`Administrators cannot be deleted: revoke the role first`,
  [ADMIN_CONSOLE_MESSAGES.featured]: msg`Job featured`,
  [ADMIN_CONSOLE_MESSAGES.unfeatured]: msg`Job no longer featured`,
  [ADMIN_CONSOLE_MESSAGES.cannotFeature]: msg`Only an open job can be featured`,
  [ADMIN_CONSOLE_MESSAGES.merged]: msg`Companies merged`,
  [ADMIN_CONSOLE_MESSAGES.mergeIntoSelf]: msg`into: a company cannot be merged into itself`,
  [ADMIN_CONSOLE_MESSAGES.mergeTargetMissing]: msg`into: no company has that address`,
  [ADMIN_CONSOLE_MESSAGES.mergeHasIntegrations]: msg`The duplicate has API keys, webhooks or import sources: remove them (or move them by hand) before merging`,
  [ADMIN_CONSOLE_MESSAGES.mergeExternalIdClash]: msg`Both companies have a job with the same external id: close or change one before merging`,
};

/** Alerts, CVs, drafts, applying, the pipeline, conversations and teams. */
const FEATURES: ServerTexts = {
  [ALERT_MESSAGES.created]: msg`Alert created: we will e-mail you new jobs for this search.`,
  [ALERT_MESSAGES.updated]: msg`You already had an alert for this search: its frequency is updated.`,
  [ALERT_MESSAGES.deleted]: msg`Alert deleted`,
  [ALERT_MESSAGES.notFound]: msg`Alert not found`,
  [ALERT_MESSAGES.tooMany]: msg`You have ${alerts} alerts, the most there can be: delete one to add another.`,
  [ALERT_MESSAGES.unsubscribed]: msg`You are unsubscribed: this alert will send no more e-mails.`,
  [ALERT_MESSAGES.alreadyUnsubscribed]: msg`This alert was already deleted: it sends no more e-mails.`,
  [ALERT_MESSAGES.badLink]: msg`This unsubscribe link is not valid. Sign in to see and delete your alerts.`,
  [ALERT_MESSAGES.verifyFirst]: msg`Confirm your e-mail address to get job alerts: follow the link we sent you, or ask for a new one.`,
  [SCREENING_MESSAGES.externalJob]: msg`This job takes applications on the company's own site: follow the job page's Apply link`,
  [SCREENING_MESSAGES.questionsChanged]: msg`The questions changed while you applied: reload the job and answer them again`,
  [CANDIDATE_MESSAGES.tooManyCvs]: msg`cvId: Your profile keeps at most ${storedCvs} CVs: delete one first`,
  [CANDIDATE_MESSAGES.alreadyStored]: msg`cvId: This CV is already on your profile`,
  [CV_MESSAGES.wrongType]: msg`cv: CV must be a PDF or DOCX document`,
  [CV_MESSAGES.tooLarge]: msg`cv: A CV is at most 5 MB`,
  [CV_MESSAGES.missing]: msg`cv: Attach the CV in the multipart field "cv"`,
  [CV_MESSAGES.tooMany]: msg`cv: You have uploaded ${cvs} CVs, the most one account may keep`,
  // Also CANDIDATE_MESSAGES.cvNotFound.
  [CV_MESSAGES.notFound]: msg`CV not found`,
  // Also CANDIDATE_MESSAGES.cvIdNotYours.
  [CV_MESSAGES.cvIdNotYours]: msg`cvId: CV not found (upload it again)`,
  [CV_MESSAGES.noCv]: msg`This application has no CV`,
  [CV_MESSAGES.badLink]: msg`This CV link is invalid or has expired: open the CV again from the page`,
  [CV_MESSAGES.unconfirmed]: msg`Confirm your e-mail address before uploading a CV: follow the link we mailed you, or ask for a new one on your profile`,
  [CV_MESSAGES.inUse]: msg`This CV was sent with an application, so it is kept for the employer: only a CV never sent can be deleted`,
  [JOB_DRAFT_MESSAGES.saved]: msg`Draft saved`,
  [JOB_DRAFT_MESSAGES.deleted]: msg`Draft deleted`,
  [JOB_DRAFT_MESSAGES.notFound]: msg`Draft not found`,
  [JOB_DRAFT_MESSAGES.notYours]: msg`Only the poster who saved a draft can open or change it`,
  [JOB_DRAFT_MESSAGES.tooMany]: msg`You have ${drafts} drafts, the most there can be: publish or delete one to save another.`,
  // Also CONVERSATION_MESSAGES.threadNotFound.
  [PIPELINE_MESSAGES.applicationNotFound]: msg`Application not found`,
  [PIPELINE_MESSAGES.withdrawnCannotMove]: msg`This application was withdrawn: its stage can no longer change`,
  [PIPELINE_MESSAGES.applicationWithdrawn]: msg`Application withdrawn`,
  [PIPELINE_MESSAGES.noteNotFound]: msg`Note not found`,
  [PIPELINE_MESSAGES.noteAuthorOnly]: msg`Only the author of a note can change or delete it`,
  [PIPELINE_MESSAGES.nothingToUndo]: msg`There is no recent move of this application to undo`,
  [PIPELINE_MESSAGES.tooLateToUndo]: msg`Too late to undo: the e-mail to the applicant has already gone`,
  [PIPELINE_MESSAGES.customStageNotOfCompany]: msg`customStageId: not a stage of this job's company`,
  [CONVERSATION_MESSAGES.interviewNotFound]: msg`Interview not found`,
  [CONVERSATION_MESSAGES.slotNotFound]: msg`slotId: not one of the proposed time slots`,
  [CONVERSATION_MESSAGES.interviewCancelled]: msg`This interview was cancelled`,
  [CONVERSATION_MESSAGES.teamOnly]: msg`Only the job’s team can propose interview times`,
  [CONVERSATION_MESSAGES.candidateOnly]: msg`Only the candidate can pick a time slot`,
  [CONVERSATION_MESSAGES.withdrawn]: msg`This application was withdrawn`,
  [CONVERSATION_MESSAGES.slotInPast]: msg`slots: every time slot must be in the future`,
  [TEAM_MESSAGES.ownersOnly]: msg`Only the owners of a company can do this`,
  [TEAM_MESSAGES.lastOwner]: msg`role: A company keeps at least one owner; make someone else an owner first`,
  [TEAM_MESSAGES.lastOwnerLeaves]: msg`email: The last owner of a company cannot leave it; make someone else an owner first`,
  [TEAM_MESSAGES.viewerReadOnly]: msg`Viewers of this company can read applications but not change them`,
  [TEAM_MESSAGES.stageNotFound]: msg`Stage not found`,
  [TEAM_MESSAGES.membersOnly]: msg`Only the members of a company can change it`,
  [TEAM_MESSAGES.creatorStaysMember]: msg`email: The creator of a company stays a member`,
  [TEAM_MESSAGES.notAMember]: msg`email: Not a member of this company`,
  [TEAM_MESSAGES.creatorStaysOwner]: msg`role: The creator of a company stays an owner`,
  [TEAM_MESSAGES.invitationNotFound]: msg`This invitation does not exist or has expired`,
  [TEAM_MESSAGES.stageNotMailed]: msg`stage: only interview, offer, hired and rejected send e-mail`,
  [TEAM_MESSAGES.tooManyStages]: msg`A company has at most ${stages} stages of its own`,
  [TEAM_MESSAGES.stageNameTaken]: msg`name: The company already has a stage of that name`,
  [TEAM_MESSAGES.apiKeysOwnersOnly]: msg`Only the owner of a company can manage its API keys`,
  [TEAM_MESSAGES.apiKeyNotFound]: msg`API key not found`,
};

/** Every fixed text of the shared tables. */
const importSources = INTEGRATION_LIMITS.importSources;
const webhooks = INTEGRATION_LIMITS.webhooks;

/** IMPORT_MESSAGES and WEBHOOK_MESSAGES: the company's ways in (issue 36). */
const INTEGRATIONS: ServerTexts = {
  [IMPORT_MESSAGES.owner]: msg`Only the owner of a company or an administrator can manage its job imports`,
  [IMPORT_MESSAGES.notFound]: msg`Import source not found`,
  [IMPORT_MESSAGES.tooMany]: msg`A company has at most ${importSources} import sources`,
  [IMPORT_MESSAGES.duplicate]: msg`This source is connected already`,
  [IMPORT_MESSAGES.busy]: msg`This source is being imported right now or was a minute ago; try again in a minute`,
  [WEBHOOK_MESSAGES.owner]: msg`Only the owner of a company can manage its webhooks`,
  [WEBHOOK_MESSAGES.notFound]: msg`Webhook not found`,
  [WEBHOOK_MESSAGES.deliveryNotFound]: msg`Delivery not found`,
  [WEBHOOK_MESSAGES.tooMany]: msg`A company has at most ${webhooks} webhooks`,
  [WEBHOOK_MESSAGES.beingSent]: msg`This delivery is being sent right now; try again in a minute`,
};

/** The reasons written after a field's name ("url: ..."): lib/server-text translates the reason, keeps the name. */
const FIELD_REASONS: ServerTexts = {
  [FIELD_MESSAGES.noNul]: msg`must not contain the NUL character`,
  [FIELD_MESSAGES.setByEnvironment]: msg`set by the environment; change it there`,
  [FIELD_MESSAGES.httpsRequired]: msg`an https:// address is required`,
  [FIELD_MESSAGES.noCredentials]: msg`an address without a user name or password is required`,
  [FIELD_MESSAGES.publicAddress]: msg`a public address is required, not a private or local one`,
  [FIELD_MESSAGES.answerYesOrNo]: msg`answer yes or no`,
  [FIELD_MESSAGES.answerNumber]: msg`answer with a number`,
  [FIELD_MESSAGES.answerText]: msg`answer with a text`,
  [FIELD_MESSAGES.noSuchQuestion]: msg`this job asks no such question`,
};

export const SERVER_TEXTS: ServerTexts = {
  ...GENERAL,
  ...JOBS,
  ...CONSOLE,
  ...FEATURES,
  ...INTEGRATIONS,
  ...FIELD_REASONS,
};

/** A text the server writes with a number in it (a function in its table), and the message saying it. */
interface CountedText {
  english: (count: number) => string;
  message: (count: string) => MessageDescriptor;
}

const COUNTED_TEXTS: readonly CountedText[] = [
  {
    english: CONVERSATION_MESSAGES.tooManyMessages,
    message: (limit) => msg`You have sent ${limit} messages in the last hour, the most allowed: try again later`,
  },
  {
    english: MODERATION_MESSAGES.postingLimit,
    message: (perDay) => msg`You can post at most ${perDay} jobs a day. Please try again tomorrow.`,
  },
];

// A number no limit is: where it stands in a counted text's English (987654 or 987,654) the server's number stands.
const SAMPLE = 987654;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const COUNTED = COUNTED_TEXTS.map((counted) => {
  const [before = '', after = ''] = counted.english(SAMPLE).split(/987,?654/);
  return { ...counted, pattern: new RegExp(`^${escape(before)}(\\d[\\d,]*)${escape(after)}$`) };
});

const inCounted = (text: string, i18n: I18n): MessageDescriptor | undefined => {
  for (const { english, message, pattern } of COUNTED) {
    const count = Number(pattern.exec(text)?.[1]?.replaceAll(',', '') ?? Number.NaN);
    // Only the server's very text: a number written otherwise is some other text.
    if (Number.isInteger(count) && english(count) === text) return message(i18n.number(count));
  }
  return undefined;
};

/** A reason the server writes with values in it (a function of FIELD_MESSAGES), and the message saying it. */
interface ValuedText {
  english: (...values: string[]) => string;
  message: (...values: string[]) => MessageDescriptor;
}

const VALUED_TEXTS: readonly ValuedText[] = [
  { english: FIELD_MESSAGES.answerOneOf, message: (options) => msg`answer one of: ${options}` },
  { english: FIELD_MESSAGES.answerRequired, message: (question) => msg`an answer is required (${question})` },
  {
    english: FIELD_MESSAGES.validThroughRange,
    message: (days, from, to) => msg`must be between today and ${days} days from today (${from} to ${to})`,
  },
  { english: FIELD_MESSAGES.slotMissing, message: (start, zone) => msg`${start} does not exist in ${zone}` },
  {
    english: FIELD_MESSAGES.stageComesAfter,
    message: (stage) => msg`this stage comes after ${stage}: send stage ${stage}`,
  },
];

// Where a value stands in a valued text's English, a mark no text holds (private-use characters); the server's
// values stand there.
const mark = (index: number) => `\uE000${index}\uE001`;
const VALUED = VALUED_TEXTS.map((valued) => {
  const parts = valued.english(mark(0), mark(1), mark(2)).split(/\uE000\d\uE001/);
  return { ...valued, pattern: new RegExp(`^${parts.map(escape).join('(.+?)')}$`, 's') };
});

const inValued = (text: string): MessageDescriptor | undefined => {
  for (const { english, message, pattern } of VALUED) {
    const values = pattern.exec(text)?.slice(1);
    // Only the server's very text: values read otherwise make some other text.
    if (values && english(...values) === text) return message(...values);
  }
  return undefined;
};

/** The message of any server text of the shared tables (lib/server-text's lookup). */
export const lookUpServerText = (text: string, i18n: I18n): MessageDescriptor | undefined =>
  Object.hasOwn(SERVER_TEXTS, text) ? SERVER_TEXTS[text] : (inCounted(text, i18n) ?? inValued(text));

// Set at once where this module is imported: a screen that shows a server text has the map at hand.
setServerTexts(lookUpServerText);

/** A server text in the reader's language (lib/server-text.ts); a text of no shared table as it came. */
export const serverText = (i18n: I18n, text: string): string => translate(i18n, text);
