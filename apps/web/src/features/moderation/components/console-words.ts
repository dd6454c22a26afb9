import type { SitePageSlug } from '@jobboard/shared';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { errorMessage } from '../../../lib/api';

/*
 * The texts the console shows that @jobboard/shared writes in English for the server too (its answers, the report
 * reasons, the site pages' titles): the shared values stay as they are; what the console shows is translated here.
 */

/** The server's answers to the console's actions: the general map of the shared tables' texts. */
export { serverText } from '../../../components/server-text';

/** REPORT_REASON_LABELS (shared with the report form and the server's e-mails), as the console shows them. */
export { REPORT_REASON_MESSAGES as REPORT_REASONS } from '../../../lib/report-reasons';

/** SITE_PAGE_TITLES, as the console shows them. */
export const SITE_PAGES: Record<SitePageSlug, MessageDescriptor> = {
  about: msg`About`,
  privacy: msg`Privacy`,
  terms: msg`Terms`,
};

/** A failed call's message (lib/api's errorMessage) in the console's language. */
export function errorText(i18n: I18n, error: unknown): string {
  return errorMessage(error, undefined, i18n);
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
