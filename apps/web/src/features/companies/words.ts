import type { ApplicationStage, CompanyRole } from '@jobboard/shared';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The roles' names in the reader's language (COMPANY_ROLE_LABELS holds the English ones). */
const ROLE_WORDS: Record<CompanyRole, MessageDescriptor> = {
  owner: msg`Owner`,
  recruiter: msg`Recruiter`,
  viewer: msg`Viewer`,
};

export const roleName = (i18n: I18n, role: CompanyRole): string => i18n._(ROLE_WORDS[role]);

/** The fixed stages' names in the reader's language (STAGE_LABELS holds the English ones). */
const STAGE_WORDS: Record<ApplicationStage, MessageDescriptor> = {
  applied: msg`Applied`,
  reviewing: msg`Reviewing`,
  interview: msg`Interview`,
  offer: msg`Offer`,
  hired: msg`Hired`,
  rejected: msg`Rejected`,
};

export const stageName = (i18n: I18n, stage: ApplicationStage): string => i18n._(STAGE_WORDS[stage]);
