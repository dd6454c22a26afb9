import { EMPLOYMENT_TYPES, EXPERIENCE_LEVELS } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ChangeEventHandler } from 'react';
import { errorProps, FieldShell, inputClass, TextField } from '../../../components/ui/Field';
import { optionWord } from '../../../lib/job-words';
import { jobLanguageOptions } from '../../../lib/language';
import { CompanyField, NewCompanyFields, type useCompanyChoice } from './CompanySection';
import { NEW_COMPANY } from './job-form-logic';
import { Section, textSetter, type JobFormPartProps } from './JobFormParts';
import { SkillsField } from './SkillsField';

/** A required select of the spec's values, each shown in the reader's language. */
function ChoiceField({
  id,
  label,
  placeholder,
  options,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  placeholder: string;
  options: readonly string[];
  value: string;
  onChange: ChangeEventHandler<HTMLSelectElement>;
  error: string | undefined;
}) {
  const { i18n } = useLingui();
  return (
    <FieldShell id={id} label={label} error={error}>
      <select
        id={id}
        name={id}
        required
        value={value}
        onChange={onChange}
        className={inputClass}
        {...errorProps(id, error)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => {
          return (
            <option key={option} value={option}>
              {optionWord(i18n, option)}
            </option>
          );
        })}
      </select>
    </FieldShell>
  );
}

/** The language the posting is written in: its page is marked so, and search matches its words in it. */
function LanguageField({ values, errors, set }: Pick<JobFormPartProps, 'values' | 'errors' | 'set'>) {
  const { t, i18n } = useLingui();
  return (
    <FieldShell id="language" label={t`Language of the posting`} error={errors.language}>
      <select
        id="language"
        name="language"
        value={values.language || 'en'}
        onChange={(event) => set('language', event.target.value)}
        className={inputClass}
        aria-describedby="language-hint"
        {...errorProps('language', errors.language)}
      >
        {jobLanguageOptions(i18n.locale).map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </select>
      <p id="language-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        <Trans>Write the title and description in this language: search matches their words in it.</Trans>
      </p>
    </FieldShell>
  );
}

/** The job form's first section: title, company, type, level and skills. */
export function JobSection({
  choice,
  onLogoBusy,
  ...part
}: JobFormPartProps & { choice: ReturnType<typeof useCompanyChoice>; onLogoBusy: (busy: boolean) => void }) {
  const { values, errors, set } = part;
  const onText = textSetter(set);
  const { t } = useLingui();
  return (
    <Section id="job-section" title={t`The job`}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="jobTitle"
          label={t`Job Title`}
          required
          value={values.jobTitle}
          lang={values.language || undefined}
          dir="auto"
          onChange={onText('jobTitle')}
          error={errors.jobTitle}
        />
        <CompanyField choice={choice} errors={errors} set={set} />
      </div>
      {choice.company === NEW_COMPANY ? (
        <NewCompanyFields values={values} errors={errors} set={set} onLogoBusy={onLogoBusy} />
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <ChoiceField
          id="employmentType"
          label={t`Experience Type`}
          placeholder={t`Select your job type`}
          options={EMPLOYMENT_TYPES}
          value={values.employmentType}
          onChange={onText('employmentType')}
          error={errors.employmentType}
        />
        <ChoiceField
          id="experienceLevel"
          label={t`Experience Level`}
          placeholder={t`Select your experience level`}
          options={EXPERIENCE_LEVELS}
          value={values.experienceLevel}
          onChange={onText('experienceLevel')}
          error={errors.experienceLevel}
        />
      </div>
      <SkillsField values={values} errors={errors} setValues={part.setValues} />
      <div className="grid gap-5 sm:grid-cols-2">
        <LanguageField values={values} errors={errors} set={set} />
      </div>
    </Section>
  );
}
