import type { Skill } from '@jobboard/shared';
import { EMPLOYMENT_TYPES, EXPERIENCE_LEVELS, JOB_MODEL_LIMITS, SALARY_PERIODS, skillKey, WORKPLACES } from '@jobboard/shared';
import { X } from 'lucide-react';
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../../components/ui/Button';
import { Combobox, type ComboboxOption } from '../../../components/ui/Combobox';
import { errorProps, FieldShell, focusField, inputClass, labelClass, SelectField, TextAreaField, TextField } from '../../../components/ui/Field';
import { Link } from '../../../components/ui/Link';
import { errorMessage } from '../../../lib/api';
import { useCreateCompany, useMyCompanies } from '../../../lib/companies';
import { countryLabel, countryOptions } from '../../../lib/countries';
import { useSingleFlight } from '../../../lib/single-flight';
import { useCurrentUser } from '../../../lib/session';
import { usePlaceSuggestions, useSkillSuggestions } from '../../../lib/suggestions';
import {
  addDays,
  addSkill,
  currencyOptions,
  NEW_COMPANY,
  PERIOD_LABELS,
  validateJobForm,
  type JobFormBody,
  type JobFormErrors,
  type JobFormField,
  type JobFormValues,
} from './job-form-logic';

export interface JobFormProps {
  initialValues: JobFormValues;
  /** Editing: the job as loaded (its company stays choosable, its closing date is sent only when changed). */
  original?: Parameters<typeof validateJobForm>[1]['original'];
  /** YYYY-MM-DD of today, for the closing date's bounds. */
  today: string;
  submitLabel: string;
  /** Beside the submit button, given the form's current values (Post a Job's Preview). */
  extraAction?: (values: JobFormValues) => ReactNode;
  busy: boolean;
  serverError?: string | null;
  /**
   * Receives the validated body, with the id of the company (created first when it is new); calls `done` once
   * the save has settled (until then, further submits are ignored: one job per double click).
   */
  onSubmit: (body: JobFormBody, done: () => void) => void;
}

const WORKPLACE_HINTS = { 'on-site': 'At the place below', hybrid: 'Partly at the place below', remote: 'From home' } as const;
const WORKPLACE_WORDS = { 'on-site': 'On-site', hybrid: 'Hybrid', remote: 'Remote' } as const;

/** The element each field's error moves the focus to. */
const FOCUS_IDS: Partial<Record<JobFormField, string>> = {
  skills: 'skills-input',
  remoteCountries: 'remoteCountries-input',
  workplace: 'workplace-on-site',
};

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-5 border-t border-slate-200 pt-6 first:border-t-0 first:pt-0 dark:border-slate-800">
      <h2 id={id} className="text-base font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-md bg-teal-50 py-0.5 pl-2 pr-1 text-sm text-teal-900 dark:bg-teal-950 dark:text-teal-100">
      {label}
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${label}`}
        className="rounded p-0.5 hover:bg-teal-200 focus-visible:outline-2 focus-visible:outline-teal-700 dark:hover:bg-teal-800"
      >
        <X size={14} aria-hidden="true" />
      </button>
    </span>
  );
}

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
      {children}
    </p>
  );
}

export function JobForm({ initialValues, original, today, submitLabel, extraAction, busy, serverError, onSubmit }: JobFormProps) {
  const user = useCurrentUser();
  const companies = useMyCompanies(user?.email);
  const createCompany = useCreateCompany();
  const start = useSingleFlight();
  const [values, setValues] = useState<JobFormValues>(initialValues);
  const [errors, setErrors] = useState<JobFormErrors>({});
  const [skillText, setSkillText] = useState('');
  const [skillFocus, setSkillFocus] = useState(false);
  const [countryText, setCountryText] = useState('');
  const [cityFocus, setCityFocus] = useState(false);
  const skillSuggestions = useSkillSuggestions(skillText, skillFocus);
  const places = usePlaceSuggestions(values.city, cityFocus);

  // The poster's companies, and the job's own when editing (a member may have been removed since).
  const companyList = [...(companies.data ?? [])];
  if (original && !companyList.some((c) => c.id === original.company.id)) companyList.unshift({ ...original.company, website: '', description: '', canEdit: false, openJobs: 0 });
  // Until the person picks, the first company (or a new one when there is none).
  const company = values.company || (companies.isPending && !original ? '' : (companyList[0]?.id ?? NEW_COMPANY));
  const current = { ...values, company };

  const set = <K extends JobFormField>(field: K, value: JobFormValues[K]) => setValues((v) => ({ ...v, [field]: value }));
  const onText = (field: JobFormField) => (event: { target: { value: string } }) => set(field, event.target.value);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const result = validateJobForm(current, original ? { today, original } : { today });
    if (!result.ok) {
      // Rendered first, so the block scrolled into view already holds its message.
      flushSync(() => setErrors(result.errors));
      const first = Object.keys(result.errors)[0] as JobFormField | undefined;
      if (first) focusField(FOCUS_IDS[first] ?? first);
      return;
    }
    setErrors({});
    const { body, newCompany } = result;
    start((done) => {
      if (!newCompany) {
        onSubmit(body, done);
        return;
      }
      // Created once: a retry after a failed post uses the company now in the list.
      createCompany.mutate(newCompany, {
        onSuccess: (created) => {
          set('company', created.id);
          onSubmit({ ...body, companyId: created.id }, done);
        },
        onError: done,
      });
    });
  };

  const skillOptions: ComboboxOption[] = (skillSuggestions.data ?? [])
    .filter((s) => !values.skills.some((chosen) => skillKey(chosen.value) === skillKey(s.value)))
    .map((s) => ({ key: s.value, label: s.label, hint: `${s.count} ${s.count === 1 ? 'job' : 'jobs'}` }));
  const addSkillText = (text: string) => {
    setValues((v) => ({ ...v, skills: addSkill(v.skills, text) }));
    setSkillText('');
  };
  const removeSkill = (skill: Skill) => setValues((v) => ({ ...v, skills: v.skills.filter((s) => s !== skill) }));
  const skillsFull = values.skills.length >= JOB_MODEL_LIMITS.skillsPerJob;

  const placeOptions: ComboboxOption[] = (places.data ?? []).map((p) => ({
    key: `${p.city}|${p.region}|${p.country}`,
    label: p.city,
    hint: [p.region, p.countryName].filter(Boolean).join(', '),
  }));

  const needle = countryText.trim().toLowerCase();
  const countryMatches: ComboboxOption[] = needle
    ? countryOptions()
        .filter((c) => !values.remoteCountries.includes(c.code) && (c.name.toLowerCase().includes(needle) || c.code.toLowerCase() === needle))
        .slice(0, JOB_MODEL_LIMITS.suggestions)
        .map((c) => ({ key: c.code, label: c.name }))
    : [];
  const addRemoteCountry = (code: string) => {
    setValues((v) => (v.remoteCountries.includes(code) ? v : { ...v, remoteCountries: [...v.remoteCountries, code] }));
    setCountryText('');
  };

  const { common, others } = currencyOptions();
  const lastDay = addDays(today, JOB_MODEL_LIMITS.validityMaxDays);
  const serverMessage = serverError ?? (createCompany.isError ? errorMessage(createCompany.error) : null);

  return (
    <form onSubmit={submit} noValidate className="space-y-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      <Section id="job-section" title="The job">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField id="jobTitle" label="Job Title" required value={values.jobTitle} onChange={onText('jobTitle')} error={errors.jobTitle} />
          <FieldShell id="company" label="Company" error={errors.company}>
            <select
              id="company"
              name="company"
              value={company}
              disabled={companies.isPending && !original}
              onChange={(event) => set('company', event.target.value)}
              className={inputClass}
              {...errorProps('company', errors.company)}
            >
              {companies.isPending && !original ? <option value="">Loading your companies...</option> : null}
              {companyList.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
              <option value={NEW_COMPANY}>New company...</option>
            </select>
            {companies.isError ? <Hint id="company-hint">Your companies could not be loaded: {errorMessage(companies.error)}</Hint> : null}
            {/* Only companies one created or joined by accepting an invitation are listed. */}
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
              Invited to a company? <Link to="/company-invitation">See your invitations</Link>
            </p>
          </FieldShell>
        </div>

        {company === NEW_COMPANY ? (
          <div className="grid gap-5 rounded-xl bg-slate-50 p-4 sm:grid-cols-2 dark:bg-slate-800/60" data-testid="new-company">
            <TextField
              id="companyName"
              label="Company Name"
              required
              placeholder="Ex: Microsoft"
              maxLength={JOB_MODEL_LIMITS.companyName}
              value={values.companyName}
              onChange={onText('companyName')}
              error={errors.companyName}
            />
            <TextField
              id="companyWebsite"
              label="Company Website"
              type="url"
              inputMode="url"
              placeholder="https://example.com"
              value={values.companyWebsite}
              onChange={onText('companyWebsite')}
              error={errors.companyWebsite}
            />
            <TextField
              id="companyLogo"
              label="Company Logo"
              type="url"
              inputMode="url"
              placeholder="Paste your company logo URL: https://weshare.com/img1"
              value={values.companyLogo}
              onChange={onText('companyLogo')}
              error={errors.companyLogo}
              wrapperClassName="sm:col-span-2"
            />
            <div className="sm:col-span-2">
              <TextAreaField
                id="companyDescription"
                label="About the company"
                rows={3}
                maxLength={JOB_MODEL_LIMITS.companyDescription}
                value={values.companyDescription}
                onChange={onText('companyDescription')}
                error={errors.companyDescription}
              />
            </div>
          </div>
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

        <FieldShell id="skills-input" label="Required Skill Sets" error={errors.skills}>
          {/* Suggestions are asked for once the box is first used, not on every visit to the form. */}
          <div onFocus={() => setSkillFocus(true)}>
            <Combobox
              id="skills-input"
              value={skillText}
              onValueChange={setSkillText}
              options={skillOptions}
              onPick={(option) => addSkillText(option.label)}
              onEnter={addSkillText}
              status={skillSuggestions.isFetching && !skillSuggestions.data ? 'Loading suggestions...' : skillText.trim() ? `Press Enter to add "${skillText.trim()}"` : undefined}
              placeholder={skillsFull ? '' : values.skills.length === 0 ? 'Type a skill, pick one or press Enter' : 'Add another skill'}
              maxLength={JOB_MODEL_LIMITS.skillChars}
              disabled={skillsFull}
              invalid={Boolean(errors.skills)}
              describedBy={errors.skills ? 'skills-input-error skills-hint' : 'skills-hint'}
              onBackspaceEmpty={() => setValues((v) => ({ ...v, skills: v.skills.slice(0, -1) }))}
              before={values.skills.map((skill) => (
                <Chip key={skill.value} label={skill.label} onRemove={() => removeSkill(skill)} />
              ))}
            />
          </div>
          <Hint id="skills-hint">
            {values.skills.length} of {JOB_MODEL_LIMITS.skillsPerJob} skills, up to {JOB_MODEL_LIMITS.skillChars} characters each.
          </Hint>
        </FieldShell>
      </Section>

      <Section id="where-section" title="Where">
        <fieldset>
          <legend className={labelClass}>Workplace</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {WORKPLACES.map((workplace) => (
              <label
                key={workplace}
                className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-600/40 dark:border-slate-600 dark:has-[:checked]:border-teal-400 dark:has-[:checked]:bg-teal-950"
              >
                <input
                  id={`workplace-${workplace}`}
                  type="radio"
                  name="workplace"
                  value={workplace}
                  checked={values.workplace === workplace}
                  onChange={() => set('workplace', workplace)}
                  className="mt-0.5 h-4 w-4 accent-teal-700"
                />
                <span>
                  <span className="block font-medium text-slate-900 dark:text-white">{WORKPLACE_WORDS[workplace]}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-300">{WORKPLACE_HINTS[workplace]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className="grid gap-5 sm:grid-cols-2">
          <FieldShell id="city" label={values.workplace === 'remote' ? 'City (optional)' : 'City'} error={errors.city}>
            <div onFocus={() => setCityFocus(true)}>
              <Combobox
                id="city"
                value={values.city}
                onValueChange={(text) => setValues((v) => ({ ...v, city: text, region: '' }))}
                options={placeOptions}
                onPick={(option) => {
                  const place = places.data?.find((p) => `${p.city}|${p.region}|${p.country}` === option.key);
                  if (place) setValues((v) => ({ ...v, city: place.city, country: place.country, region: place.region }));
                }}
                onEnter={() => undefined}
                status={places.isFetching && !places.data ? 'Looking up cities...' : undefined}
                placeholder="Ex: London"
                maxLength={JOB_MODEL_LIMITS.city}
                invalid={Boolean(errors.city)}
                describedBy={errors.city ? 'city-error city-hint' : 'city-hint'}
              />
            </div>
            <Hint id="city-hint">Pick a suggestion, or type any city.</Hint>
          </FieldShell>
          <FieldShell id="country" label="Country" error={errors.country}>
            <select id="country" name="country" value={values.country} onChange={onText('country')} className={inputClass} {...errorProps('country', errors.country)}>
              <option value="">Choose a country</option>
              {countryOptions().map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </FieldShell>
        </div>

        {values.workplace === 'remote' ? (
          <FieldShell id="remoteCountries-input" label="Countries it can hire in" error={errors.remoteCountries}>
            <Combobox
              id="remoteCountries-input"
              value={countryText}
              onValueChange={setCountryText}
              options={countryMatches}
              onPick={(option) => addRemoteCountry(option.key)}
              onEnter={() => {
                const only = countryMatches.length === 1 ? countryMatches[0] : undefined;
                if (only) addRemoteCountry(only.key);
              }}
              status={needle ? 'No country by that name' : undefined}
              placeholder={values.remoteCountries.length === 0 ? 'Anywhere: type a country to limit it' : 'Add another country'}
              invalid={Boolean(errors.remoteCountries)}
              describedBy={errors.remoteCountries ? 'remoteCountries-input-error remote-hint' : 'remote-hint'}
              onBackspaceEmpty={() => setValues((v) => ({ ...v, remoteCountries: v.remoteCountries.slice(0, -1) }))}
              before={values.remoteCountries.map((code) => (
                <Chip key={code} label={countryLabel(code)} onRemove={() => setValues((v) => ({ ...v, remoteCountries: v.remoteCountries.filter((c) => c !== code) }))} />
              ))}
            />
            <Hint id="remote-hint">Leave empty when people can work from anywhere.</Hint>
          </FieldShell>
        ) : null}
      </Section>

      <Section id="pay-section" title="Pay">
        <div className="grid gap-5 sm:grid-cols-4">
          <TextField
            id="payMin"
            label="Minimum Salary"
            required
            inputMode="decimal"
            placeholder="60000"
            value={values.payMin}
            onChange={onText('payMin')}
            error={errors.payMin}
          />
          <TextField
            id="payMax"
            label="Maximum Salary"
            required
            inputMode="decimal"
            placeholder="75000"
            value={values.payMax}
            onChange={onText('payMax')}
            error={errors.payMax}
          />
          <FieldShell id="currency" label="Currency" error={errors.currency}>
            <select id="currency" name="currency" value={values.currency} onChange={onText('currency')} className={inputClass} {...errorProps('currency', errors.currency)}>
              <optgroup label="Common">
                {common.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.code} - {c.name}
                  </option>
                ))}
              </optgroup>
              <optgroup label="All currencies">
                {others.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.code} - {c.name}
                  </option>
                ))}
              </optgroup>
            </select>
          </FieldShell>
          <FieldShell id="period" label="Pay period" error={errors.period}>
            <select
              id="period"
              name="period"
              value={values.period}
              onChange={(event) => set('period', event.target.value as JobFormValues['period'])}
              className={inputClass}
              {...errorProps('period', errors.period)}
            >
              {SALARY_PERIODS.map((period) => (
                <option key={period} value={period}>
                  {PERIOD_LABELS[period]}
                </option>
              ))}
            </select>
          </FieldShell>
        </div>
      </Section>

      <Section id="applications-section" title="Applications">
        <div className="max-w-xs">
          <TextField
            id="validThrough"
            label="Applications close on"
            type="date"
            min={today}
            max={lastDay}
            value={values.validThrough}
            onChange={onText('validThrough')}
            error={errors.validThrough}
            aria-describedby={errors.validThrough ? 'validThrough-error validThrough-hint' : 'validThrough-hint'}
          />
          <Hint id="validThrough-hint">At most {JOB_MODEL_LIMITS.validityMaxDays} days from today. You can renew the job from My Jobs.</Hint>
        </div>
        <TextAreaField
          id="description"
          label="Job Description"
          required
          rows={6}
          placeholder="Describe the role, the team and what you are looking for."
          value={values.description}
          onChange={onText('description')}
          error={errors.description}
        />
      </Section>

      {serverMessage ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {serverMessage}
        </p>
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" disabled={busy || createCompany.isPending} className="w-full sm:w-auto sm:px-10">
          {busy || createCompany.isPending ? 'Loading...' : submitLabel}
        </Button>
        {extraAction?.(current)}
      </div>
    </form>
  );
}
