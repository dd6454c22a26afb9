import type { JobCreateBody, Skill } from '@jobboard/shared';
import { EMPLOYMENT_TYPES, EXPERIENCE_LEVELS, SALARY_TYPES, SKILL_OPTIONS } from '@jobboard/shared';
import { useState, type SubmitEvent } from 'react';
import { flushSync } from 'react-dom';
import Select from 'react-select';
import { Button } from '../../../components/ui/Button';
import { FieldShell, focusField, SelectField, TextAreaField, TextField } from '../../../components/ui/Field';
import { skillsToSend, validateJobForm, type JobFormErrors, type JobFormValues } from './job-form-logic';

export interface JobFormProps {
  initialValues: JobFormValues;
  initialSkills: readonly Skill[];
  submitLabel: string;
  busy: boolean;
  serverError?: string | null;
  /** Receives the validated body; skills are the original ones unless the person changed the selection. */
  onSubmit: (body: JobCreateBody) => void;
}

const skillOptions: Skill[] = SKILL_OPTIONS.map((s) => ({ value: s.value, label: s.label }));

export function JobForm({ initialValues, initialSkills, submitLabel, busy, serverError, onSubmit }: JobFormProps) {
  const [values, setValues] = useState<JobFormValues>(initialValues);
  const [selectedSkills, setSelectedSkills] = useState<Skill[] | null>(null);
  const [errors, setErrors] = useState<JobFormErrors>({});

  const set = (field: keyof JobFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const skills = skillsToSend(initialSkills, selectedSkills);
    const result = validateJobForm(values, skills);
    if (!result.ok) {
      // Rendered first, so the block scrolled into view already holds its message.
      flushSync(() => setErrors(result.errors));
      const first = Object.keys(result.errors)[0];
      // Below the sticky header, with its label and message (Field.tsx).
      if (first) focusField(first === 'skills' ? 'skills-input' : first);
      return;
    }
    setErrors({});
    onSubmit(result.body);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id="jobTitle" label="Job Title" required value={values.jobTitle} onChange={set('jobTitle')} error={errors.jobTitle} />
        <TextField
          id="companyName"
          label="Company Name"
          required
          placeholder="Ex: Microsoft"
          value={values.companyName}
          onChange={set('companyName')}
          error={errors.companyName}
        />
        <TextField id="minPrice" label="Minimum Salary" required placeholder="$20k" value={values.minPrice} onChange={set('minPrice')} error={errors.minPrice} />
        <TextField id="maxPrice" label="Maximum Salary" required placeholder="$120k" value={values.maxPrice} onChange={set('maxPrice')} error={errors.maxPrice} />
        <SelectField
          id="salaryType"
          label="Salary Type"
          required
          placeholder="Choose your salary"
          options={SALARY_TYPES}
          value={values.salaryType}
          onChange={set('salaryType')}
          error={errors.salaryType}
        />
        <TextField
          id="jobLocation"
          label="Job Location"
          required
          placeholder="Ex: London"
          value={values.jobLocation}
          onChange={set('jobLocation')}
          error={errors.jobLocation}
        />
        <SelectField
          id="employmentType"
          label="Experience Type"
          required
          placeholder="Select your job type"
          options={EMPLOYMENT_TYPES}
          value={values.employmentType}
          onChange={set('employmentType')}
          error={errors.employmentType}
        />
        <SelectField
          id="experienceLevel"
          label="Experience Level"
          required
          placeholder="Select your experience level"
          options={EXPERIENCE_LEVELS}
          value={values.experienceLevel}
          onChange={set('experienceLevel')}
          error={errors.experienceLevel}
        />
      </div>

      <FieldShell id="skills-input" label="Required Skill Sets" error={errors.skills}>
        <Select<Skill, true>
          inputId="skills-input"
          instanceId="skills"
          isMulti
          unstyled
          options={skillOptions}
          value={selectedSkills ?? initialSkills}
          onChange={(next) => setSelectedSkills([...next])}
          placeholder="Select skills"
          aria-invalid={errors.skills ? true : undefined}
          aria-errormessage={errors.skills ? 'skills-input-error' : undefined}
          classNames={{
            control: ({ isFocused }) =>
              `min-h-10 rounded-lg border bg-white px-2 py-1 text-sm dark:bg-slate-900 ${
                isFocused ? 'border-teal-600 ring-2 ring-teal-600/30' : errors.skills ? 'border-red-600' : 'border-slate-300 dark:border-slate-600'
              }`,
            placeholder: () => 'text-slate-500 dark:text-slate-400',
            input: () => 'text-slate-900 dark:text-slate-100',
            valueContainer: () => 'gap-1',
            multiValue: () => 'rounded-md bg-teal-50 text-teal-900 dark:bg-teal-950 dark:text-teal-100',
            multiValueLabel: () => 'px-2 py-0.5 text-sm',
            multiValueRemove: () => 'rounded-r-md px-1 hover:bg-teal-200 dark:hover:bg-teal-800',
            indicatorsContainer: () => 'gap-1 text-slate-600 dark:text-slate-300',
            clearIndicator: () => 'p-1 hover:text-slate-900 dark:hover:text-white',
            dropdownIndicator: () => 'p-1 hover:text-slate-900 dark:hover:text-white',
            indicatorSeparator: () => 'bg-slate-300 dark:bg-slate-600',
            menu: () => 'mt-1 rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900',
            option: ({ isFocused }) =>
              `px-3 py-2 ${isFocused ? 'bg-teal-50 text-teal-900 dark:bg-teal-900 dark:text-white' : 'text-slate-800 dark:text-slate-100'}`,
            noOptionsMessage: () => 'px-3 py-2 text-slate-600 dark:text-slate-300',
          }}
        />
      </FieldShell>

      <TextField
        id="companyLogo"
        label="Company Logo"
        type="url"
        inputMode="url"
        required
        placeholder="Paste your company logo URL: https://weshare.com/img1"
        value={values.companyLogo}
        onChange={set('companyLogo')}
        error={errors.companyLogo}
      />

      <TextAreaField
        id="description"
        label="Job Description"
        required
        rows={6}
        placeholder="Describe the role, the team and what you are looking for."
        value={values.description}
        onChange={set('description')}
        error={errors.description}
      />

      {serverError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {serverError}
        </p>
      ) : null}

      <Button type="submit" disabled={busy} className="w-full sm:w-auto sm:px-10">
        {busy ? 'Loading...' : submitLabel}
      </Button>
    </form>
  );
}
