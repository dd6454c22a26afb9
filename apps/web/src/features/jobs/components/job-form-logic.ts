import type { Job, JobCreateBody, Skill } from '@jobboard/shared';
import { DEFAULT_JOB_TITLE, jobFormSchema } from '@jobboard/shared';

/** What the job form edits: every job field the poster fills in (the server sets postedBy and postingDate). */
export interface JobFormValues {
  jobTitle: string;
  companyName: string;
  minPrice: string;
  maxPrice: string;
  salaryType: string;
  jobLocation: string;
  employmentType: string;
  experienceLevel: string;
  companyLogo: string;
  description: string;
}

export type JobFormErrors = Partial<Record<keyof JobFormValues | 'skills', string>>;

export const emptyJobForm: JobFormValues = {
  jobTitle: DEFAULT_JOB_TITLE,
  companyName: '',
  minPrice: '',
  maxPrice: '',
  salaryType: '',
  jobLocation: '',
  employmentType: '',
  experienceLevel: '',
  companyLogo: '',
  description: '',
};

export function formFromJob(job: Job): JobFormValues {
  return {
    jobTitle: job.jobTitle,
    companyName: job.companyName,
    minPrice: job.minPrice,
    maxPrice: job.maxPrice,
    salaryType: job.salaryType,
    jobLocation: job.jobLocation,
    employmentType: job.employmentType,
    experienceLevel: job.experienceLevel,
    companyLogo: job.companyLogo,
    description: job.description,
  };
}

/**
 * Edit sends the new skill selection only when the person changed it; otherwise the job's original skills
 * (docs/product.md, "States"). `selected` is null until the multi-select is touched.
 */
export function skillsToSend(original: readonly Skill[], selected: readonly Skill[] | null): Skill[] {
  return selected === null ? [...original] : [...selected];
}

/** Validates with the shared schema (every field required, salary type an option, logo a URL). */
export function validateJobForm(
  values: JobFormValues,
  skills: readonly Skill[],
): { ok: true; body: JobCreateBody } | { ok: false; errors: JobFormErrors } {
  const parsed = jobFormSchema.safeParse({ ...values, skills });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: JobFormErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && key in { ...emptyJobForm, skills: true } && !(key in errors)) {
      errors[key as keyof JobFormErrors] = issue.message;
    }
  }
  return { ok: false, errors };
}
