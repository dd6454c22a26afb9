import { SALARY_PERIODS, WORKPLACES, type JobDraftPayload, type SalaryPeriod, type Workplace } from '@jobboard/shared';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { appI18n } from '../../../lib/i18n';
import { emptyJobForm, type JobFormValues } from './job-form-logic';

const isWorkplace = (value: string | undefined): value is Workplace =>
  (WORKPLACES as readonly (string | undefined)[]).includes(value);
const isPeriod = (value: string | undefined): value is SalaryPeriod =>
  (SALARY_PERIODS as readonly (string | undefined)[]).includes(value);

/** What a draft keeps of the form: every field as it is, unfinished or not (the server checks type and length only). */
export function draftFromForm(values: JobFormValues): JobDraftPayload {
  const { region, ...rest } = values;
  return {
    ...rest,
    skills: values.skills.map((s) => ({ value: s.value, label: s.label })),
    ...(region ? { region } : {}),
  };
}

/** The form a draft resumes: its fields over an empty form's, a value the form does not offer left at the default. */
export function formFromDraft(payload: JobDraftPayload, today?: string): JobFormValues {
  const empty = emptyJobForm(today);
  const { workplace, period, skills, remoteCountries, region, ...text } = payload;
  return {
    ...empty,
    ...text,
    ...(region ? { region } : {}),
    skills: skills ?? empty.skills,
    remoteCountries: remoteCountries ?? empty.remoteCountries,
    workplace: isWorkplace(workplace) ? workplace : empty.workplace,
    period: isPeriod(period) ? period : empty.period,
  };
}

/** How a draft is named in My Jobs: its title, or what it is for when it has none yet. */
export function draftTitle(payload: JobDraftPayload, i18n: I18n = appI18n()): string {
  return payload.jobTitle?.trim() || i18n._(msg`Untitled draft`);
}
