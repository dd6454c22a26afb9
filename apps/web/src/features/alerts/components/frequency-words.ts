import type { AlertFrequency } from '@jobboard/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/*
 * How often an alert mails, in the reader's language (the shared ALERT_FREQUENCY_LABELS and _HINTS are the
 * English the server's e-mails use). The values sent to the server stay 'daily' and 'instant'.
 */

export const FREQUENCY_LABELS: Record<AlertFrequency, MessageDescriptor> = {
  daily: msg`Daily`,
  instant: msg`Instant`,
};

export const FREQUENCY_HINTS: Record<AlertFrequency, MessageDescriptor> = {
  daily: msg`One e-mail a day with the new jobs, if there are any.`,
  instant: msg`An e-mail within minutes of a new job, grouped when several arrive together.`,
};
