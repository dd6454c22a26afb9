import type { Company, Job } from '@jobboard/shared';
import { JOB_MODEL_LIMITS } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorProps, FieldShell, inputClass, TextAreaField, TextField } from '../../../components/ui/Field';
import { Link } from '../../../components/ui/Link';
import { LogoField } from '../../../components/ui/LogoField';
import { errorMessage } from '../../../lib/api';
import { useMyCompanies } from '../../../lib/companies';
import { useCurrentUser } from '../../../lib/session';
import { NEW_COMPANY } from './job-form-logic';
import { Hint, textSetter, type JobFormPartProps } from './JobFormParts';

/**
 * The poster's companies, and the job's own when editing (a member may have been removed since); the company
 * chosen, which until the person picks is the first one (or a new one when there is none).
 */
export function useCompanyChoice(chosen: string, original?: Job) {
  const user = useCurrentUser();
  const companies = useMyCompanies(user?.email);
  const companyList: Company[] = [...(companies.data ?? [])];
  if (original && !companyList.some((c) => c.id === original.company.id))
    companyList.unshift({ ...original.company, website: '', description: '', canEdit: false, openJobs: 0 });
  const loading = companies.isPending && !original;
  const company = chosen || (loading ? '' : (companyList[0]?.id ?? NEW_COMPANY));
  return { companies, companyList, company, loading };
}

type CompanyChoice = ReturnType<typeof useCompanyChoice>;

export function CompanyField({
  choice,
  errors,
  set,
}: { choice: CompanyChoice } & Pick<JobFormPartProps, 'errors' | 'set'>) {
  const { companies, companyList, company, loading } = choice;
  const problem = companies.isError ? errorMessage(companies.error) : '';
  const { t } = useLingui();
  return (
    <FieldShell id="company" label={t`Company`} error={errors.company}>
      <select
        id="company"
        name="company"
        value={company}
        disabled={loading}
        onChange={(event) => set('company', event.target.value)}
        className={inputClass}
        {...errorProps('company', errors.company)}
      >
        {loading ? <option value="">{t`Loading your companies...`}</option> : null}
        {companyList.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
        <option value={NEW_COMPANY}>{t`New company...`}</option>
      </select>
      {companies.isError ? (
        <Hint id="company-hint">
          <Trans>Your companies could not be loaded: {problem}</Trans>
        </Hint>
      ) : null}
      {/* Only companies one created or joined by accepting an invitation are listed. */}
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        <Trans>
          Invited to a company? <Link to="/company-invitation">See your invitations</Link>
        </Trans>
      </p>
    </FieldShell>
  );
}

export function NewCompanyFields({
  values,
  errors,
  set,
  onLogoBusy,
}: Pick<JobFormPartProps, 'values' | 'errors' | 'set'> & { onLogoBusy: (busy: boolean) => void }) {
  const onText = textSetter(set);
  const { t } = useLingui();
  return (
    <div
      className="grid gap-5 rounded-xl bg-slate-50 p-4 sm:grid-cols-2 dark:bg-slate-800/60"
      data-testid="new-company"
    >
      <TextField
        id="companyName"
        label={t`Company Name`}
        required
        placeholder={t`Ex: Microsoft`}
        maxLength={JOB_MODEL_LIMITS.companyName}
        value={values.companyName}
        onChange={onText('companyName')}
        error={errors.companyName}
      />
      <TextField
        id="companyWebsite"
        label={t`Company Website`}
        type="url"
        inputMode="url"
        placeholder="https://example.com"
        value={values.companyWebsite}
        onChange={onText('companyWebsite')}
        error={errors.companyWebsite}
      />
      <LogoField
        id="companyLogo"
        label={t`Company Logo`}
        placeholder={t`Paste your company logo URL: https://weshare.com/img1`}
        companyName={values.companyName}
        value={values.companyLogo}
        onChange={(url) => set('companyLogo', url)}
        onBusy={onLogoBusy}
        error={errors.companyLogo}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <TextAreaField
          id="companyDescription"
          label={t`About the company`}
          rows={3}
          maxLength={JOB_MODEL_LIMITS.companyDescription}
          value={values.companyDescription}
          onChange={onText('companyDescription')}
          error={errors.companyDescription}
        />
      </div>
    </div>
  );
}
