import type { JobCreateBody, Skill } from '@jobboard/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { JobForm } from './JobForm';
import { emptyJobForm, skillsToSend, validateJobForm, type JobFormValues } from './job-form-logic';

const filled: JobFormValues = {
  jobTitle: 'Frontend Engineer',
  companyName: 'Acme',
  minPrice: '$20k',
  maxPrice: '$120k',
  salaryType: 'Yearly',
  jobLocation: 'London',
  employmentType: 'Full-time',
  experienceLevel: 'Any Experience',
  companyLogo: '/static/logos/acme.svg',
  description: 'Build the web app.',
};
const original: Skill[] = [
  { value: 'React', label: 'React' },
  { value: 'CSS', label: 'CSS' },
];

describe('job form logic', () => {
  it('sends the original skills while the selection is untouched, the new selection once changed', () => {
    expect(skillsToSend(original, null)).toEqual(original);
    expect(skillsToSend(original, [])).toEqual([]);
    expect(skillsToSend(original, [{ value: 'Node', label: 'Node' }])).toEqual([{ value: 'Node', label: 'Node' }]);
  });

  it('requires every field (docs/product.md, "Validation") and takes free-text prices as they are', () => {
    const result = validateJobForm({ ...emptyJobForm, jobTitle: '' }, []);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.errors).sort()).toEqual(
        ['companyLogo', 'companyName', 'description', 'employmentType', 'experienceLevel', 'jobLocation', 'jobTitle', 'maxPrice', 'minPrice', 'salaryType', 'skills'].sort(),
      );
    }
    const ok = validateJobForm({ ...filled, minPrice: 'a lot', maxPrice: 'less' }, original);
    expect(ok.ok).toBe(true);
  });

  it('refuses a logo that is not a URL', () => {
    const result = validateJobForm({ ...filled, companyLogo: 'javascript:alert(1)' }, original);
    expect(result.ok).toBe(false);
  });
});

describe('<JobForm>', () => {
  it('defaults the title to Web Developer and shows the spec placeholders and labels', () => {
    render(<JobForm initialValues={emptyJobForm} initialSkills={[]} submitLabel="Create Job" busy={false} onSubmit={vi.fn()} />);
    expect(screen.getByLabelText('Job Title')).toHaveValue('Web Developer');
    expect(screen.getByPlaceholderText('$20k')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('$120k')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Ex: London')).toBeInTheDocument();
    expect(screen.getByPlaceholderText(/Paste your company logo URL/)).toBeInTheDocument();
    expect(screen.getByLabelText('Experience Type')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Job' })).toBeInTheDocument();
  });

  it('edit submits the original skills when they were not changed', async () => {
    const onSubmit = vi.fn<(body: JobCreateBody) => void>();
    render(<JobForm initialValues={filled} initialSkills={original} submitLabel="Update Job" busy={false} onSubmit={onSubmit} />);
    await userEvent.clear(screen.getByLabelText('Job Title'));
    await userEvent.type(screen.getByLabelText('Job Title'), 'Senior Frontend Engineer');
    await userEvent.click(screen.getByRole('button', { name: 'Update Job' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ jobTitle: 'Senior Frontend Engineer', skills: original });
  });

  it('edit submits the new selection once skills were changed', async () => {
    const onSubmit = vi.fn<(body: JobCreateBody) => void>();
    render(<JobForm initialValues={filled} initialSkills={original} submitLabel="Update Job" busy={false} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove CSS' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Job' }));
    expect(onSubmit.mock.calls[0]?.[0].skills).toEqual([{ value: 'React', label: 'React' }]);
  });

  it('does not submit an incomplete form and says what is missing', async () => {
    const onSubmit = vi.fn();
    render(<JobForm initialValues={emptyJobForm} initialSkills={[]} submitLabel="Create Job" busy={false} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Company Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('reads Loading... while busy', () => {
    render(<JobForm initialValues={filled} initialSkills={original} submitLabel="Create Job" busy onSubmit={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  });
});
