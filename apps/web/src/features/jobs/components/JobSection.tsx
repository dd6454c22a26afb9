import { EMPLOYMENT_TYPES, EXPERIENCE_LEVELS } from '@jobboard/shared';
import { SelectField, TextField } from '../../../components/ui/Field';
import { CompanyField, NewCompanyFields, type useCompanyChoice } from './CompanySection';
import { NEW_COMPANY } from './job-form-logic';
import { Section, textSetter, type JobFormPartProps } from './JobFormParts';
import { SkillsField } from './SkillsField';

/** The job form's first section: title, company, type, level and skills. */
export function JobSection({
  choice,
  onLogoBusy,
  ...part
}: JobFormPartProps & { choice: ReturnType<typeof useCompanyChoice>; onLogoBusy: (busy: boolean) => void }) {
  const { values, errors, set } = part;
  const onText = textSetter(set);
  return (
    <Section id="job-section" title="The job">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="jobTitle"
          label="Job Title"
          required
          value={values.jobTitle}
          onChange={onText('jobTitle')}
          error={errors.jobTitle}
        />
        <CompanyField choice={choice} errors={errors} set={set} />
      </div>
      {choice.company === NEW_COMPANY ? (
        <NewCompanyFields values={values} errors={errors} set={set} onLogoBusy={onLogoBusy} />
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          id="employmentType"
          label="Experience Type"
          required
          placeholder="Select your job type"
          options={EMPLOYMENT_TYPES}
          value={values.employmentType}
          onChange={onText('employmentType')}
          error={errors.employmentType}
        />
        <SelectField
          id="experienceLevel"
          label="Experience Level"
          required
          placeholder="Select your experience level"
          options={EXPERIENCE_LEVELS}
          value={values.experienceLevel}
          onChange={onText('experienceLevel')}
          error={errors.experienceLevel}
        />
      </div>
      <SkillsField values={values} errors={errors} setValues={part.setValues} />
    </Section>
  );
}
