import { legacyFromSalary, type Company, type Job } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Eye } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { CompanyLogo } from '../../../components/ui/CompanyLogo';
import { ModalPanel } from '../../../components/ui/ModalPanel';
import { useMyCompanies } from '../../../lib/companies';
import { useReaderLocale } from '../../../lib/locale';
import { useCurrentUser, type SessionUser } from '../../../lib/session';
import { JobFacts } from './JobFacts';
import { NEW_COMPANY, parseAmount, todayIso, type JobFormValues } from './job-form-logic';

/** The job as its page would show it once posted, from the form as it is now (nothing is sent). */
export function previewJob(
  values: JobFormValues,
  companies: readonly Company[],
  user: SessionUser | null,
  today = todayIso(),
): Job {
  const chosen = values.company === NEW_COMPANY ? undefined : companies.find((c) => c.id === values.company);
  const company = chosen
    ? { id: chosen.id, slug: '', name: chosen.name, logo: chosen.logo }
    : { id: '', slug: '', name: values.companyName.trim(), logo: values.companyLogo.trim() };
  const min = parseAmount(values.payMin);
  const max = parseAmount(values.payMax);
  const salary =
    min !== null && max !== null && !Number.isNaN(min) && !Number.isNaN(max)
      ? { min, max, currency: values.currency, period: values.period }
      : null;
  const legacy = salary ? legacyFromSalary(salary) : { minPrice: '', maxPrice: '', salaryType: '' };
  return {
    _id: 'preview',
    jobTitle: values.jobTitle.trim(),
    companyName: company.name,
    companyLogo: company.logo,
    jobLocation: '',
    employmentType: values.employmentType,
    experienceLevel: values.experienceLevel,
    ...legacy,
    postingDate: today,
    description: values.description,
    postedBy: user?.email ?? '',
    posterName: user?.name ?? '',
    skills: values.skills,
    company,
    location: { city: values.workplace === 'remote' ? '' : values.city.trim(), country: values.country },
    workplace: values.workplace,
    remoteCountries: values.workplace === 'remote' ? values.remoteCountries : [],
    language: values.language || 'en',
    salary,
    validThrough: values.validThrough,
    status: 'open',
  };
}

/** The job page's body (header, description, skills and facts) for a job not yet posted. */
function PreviewBody({ job, titleId }: { job: Job; titleId: string }) {
  const locale = useReaderLocale();
  const { t } = useLingui();
  const companyName = job.company.name || t`Your company`;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
      <div>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <CompanyLogo
            src={job.company.logo}
            companyName={companyName}
            alt={t`${companyName} logo`}
            size={64}
            className="h-16 w-16 rounded-2xl border border-slate-200 p-1.5 text-xl dark:border-slate-700"
          />
          <div>
            <h3 id={titleId} className="text-2xl font-bold tracking-tight">
              <bdi>{job.jobTitle || t`Job title`}</bdi>
            </h3>
            <p className="mt-1 text-lg text-slate-700 dark:text-slate-300">
              <bdi>{companyName}</bdi>
            </p>
          </div>
        </div>
        <h4 className="mt-6 text-lg font-semibold">
          <Trans>Job description</Trans>
        </h4>
        <p dir="auto" className="mt-2 whitespace-pre-line leading-relaxed text-slate-800 dark:text-slate-200">
          {job.description || t`No description yet.`}
        </p>
        <h4 className="mt-6 text-lg font-semibold">
          <Trans>Skills</Trans>
        </h4>
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t`Skills`}>
          {job.skills.map((skill) => (
            <li
              key={skill.value}
              className="rounded-full bg-teal-50 px-3 py-1 text-sm font-medium text-teal-900 dark:bg-teal-950 dark:text-teal-100"
            >
              <bdi>{skill.label}</bdi>
            </li>
          ))}
        </ul>
      </div>
      <JobFacts job={job} locale={locale} />
    </div>
  );
}

/**
 * Post a Job's Preview (and a draft's, in My Jobs): the job page as it will look, in a dialog, before anything is
 * published. `label` names the button when several are on one screen.
 */
export function JobPreviewButton({
  values,
  label,
  closeLabel,
  className = 'w-full sm:w-auto sm:px-8',
}: {
  values: JobFormValues;
  label?: string;
  closeLabel?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const { t } = useLingui();
  const user = useCurrentUser();
  const companies = useMyCompanies(user?.email);
  const titleId = useId();
  return (
    <>
      <Button
        variant="secondary"
        className={className}
        onClick={() => setOpen(true)}
        {...(label ? { 'aria-label': label } : {})}
      >
        <Eye size={16} aria-hidden="true" />
        <Trans>Preview</Trans>
      </Button>
      {open ? (
        <ModalPanel
          titleId={`${titleId}-label`}
          onClose={() => setOpen(false)}
          initialFocus="button"
          testId="job-preview"
          className="max-h-[90vh] max-w-5xl overflow-y-auto"
        >
          <div className="mb-4 flex items-center justify-between gap-3 border-b border-slate-200 pb-3 dark:border-slate-800">
            <h2
              id={`${titleId}-label`}
              className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300"
            >
              <Trans>Preview: not published yet</Trans>
            </h2>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {closeLabel ?? t`Back to the form`}
            </Button>
          </div>
          <PreviewBody job={previewJob(values, companies.data ?? [], user)} titleId={titleId} />
        </ModalPanel>
      ) : null}
    </>
  );
}
