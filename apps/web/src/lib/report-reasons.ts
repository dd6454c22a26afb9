import type { ReportReason } from '@jobboard/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** A report's reason as a reader reads it (REPORT_REASON_LABELS of @jobboard/shared are the English ones). */
export const REPORT_REASON_MESSAGES: Record<ReportReason, MessageDescriptor> = {
  spam: msg`Spam or advertising`,
  scam: msg`Scam or fraud`,
  offensive: msg`Offensive or discriminatory`,
  misleading: msg`Misleading or wrong`,
  other: msg`Something else`,
};
