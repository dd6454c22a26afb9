import { ADMIN_CONSOLE_MESSAGES, MODERATION_MESSAGES, type SitePageSlug } from '@jobboard/shared';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { errorMessage } from '../../../lib/api';

/*
 * The texts the console shows that @jobboard/shared writes in English for the server too (its answers, the report
 * reasons, the site pages' titles): the shared values stay as they are; what the console shows is translated here.
 */

/** The server's answers to the console's actions, by their English text (a fixed set: the shared constants). */
const SERVER_TEXTS: Record<string, MessageDescriptor> = {
  [MODERATION_MESSAGES.adminsOnly]: msg`Administrators only`,
  [MODERATION_MESSAGES.approved]: msg`Job approved`,
  [MODERATION_MESSAGES.hidden]: msg`Job hidden`,
  [MODERATION_MESSAGES.banned]: msg`Account banned`,
  [MODERATION_MESSAGES.unbanned]: msg`Account unbanned`,
  [MODERATION_MESSAGES.cannotBanAdmin]: msg`Administrators cannot be banned`,
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
  [ADMIN_CONSOLE_MESSAGES.companyNotFound]: msg`Company not found`,
};

/** A server answer in the reader's language when it is one of the shared texts; any other text as it came. */
export function serverText(i18n: I18n, text: string): string {
  const known = Object.hasOwn(SERVER_TEXTS, text) ? SERVER_TEXTS[text] : undefined;
  return known ? i18n._(known) : text;
}

/** REPORT_REASON_LABELS (shared with the report form and the server's e-mails), as the console shows them. */
export { REPORT_REASON_MESSAGES as REPORT_REASONS } from '../../../lib/report-reasons';

/** SITE_PAGE_TITLES, as the console shows them. */
export const SITE_PAGES: Record<SitePageSlug, MessageDescriptor> = {
  about: msg`About`,
  privacy: msg`Privacy`,
  terms: msg`Terms`,
};

/** A failed call's message (lib/api's errorMessage), translated when it is one of the shared texts. */
export function errorText(i18n: I18n, error: unknown): string {
  return serverText(i18n, errorMessage(error));
}

/** An application's stage as the console has always shown it (the stored value, lower case), translated. */
const STAGES: Record<string, MessageDescriptor> = {
  applied: msg`applied`,
  reviewing: msg`reviewing`,
  interview: msg`interview`,
  offer: msg`offer`,
  hired: msg`hired`,
  rejected: msg`rejected`,
};

export function stageText(i18n: I18n, stage: string): string {
  const known = Object.hasOwn(STAGES, stage) ? STAGES[stage] : undefined;
  return known ? i18n._(known) : stage;
}
