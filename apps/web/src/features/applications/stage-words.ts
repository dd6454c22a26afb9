import type { ApplicationStage } from '@jobboard/shared';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The fixed stages' names in the reader's language (STAGE_LABELS holds the English ones, which the API knows). */
const STAGE_WORDS: Record<ApplicationStage, MessageDescriptor> = {
  applied: msg`Applied`,
  reviewing: msg`Reviewing`,
  interview: msg`Interview`,
  offer: msg`Offer`,
  hired: msg`Hired`,
  rejected: msg`Rejected`,
};

export const stageName = (i18n: I18n, stage: ApplicationStage): string => i18n._(STAGE_WORDS[stage]);

/** The tables' empty text (MESSAGES.noDataFound), translated. */
export const NO_DATA_FOUND = msg`No Data Found !`;
