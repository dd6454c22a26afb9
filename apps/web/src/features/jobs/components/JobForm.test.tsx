import type { Company, Job } from '@jobboard/shared';
import { legacyAmount } from '@jobboard/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { alice, job, mockFetch, renderPage, type Handler } from '../../../test/render';
import { JobForm } from './JobForm';
import {
  addDays,
  addSkill,
  COMMON_CURRENCIES,
  currencyOptions,
  emptyJobForm,
  formFromJob,
  NEW_COMPANY,
  parseAmount,
  validateJobForm,
  type JobFormBody,
  type JobFormValues,
} from './job-form-logic';

const TODAY = '2026-11-22';
const acme: Company = {
  id: '11111111-1111-4111-8111-111111111111',
  slug: 'acme',
  name: 'Acme',
  logo: '',
  website: '',
  description: '',
  canEdit: true,
  openJobs: 3,
};

const filled: JobFormValues = {
  ...emptyJobForm(TODAY),
  jobTitle: 'Frontend Engineer',
  employmentType: 'Full-time',
  experienceLevel: 'Any Experience',
  description: 'Build the web app.',
  company: acme.id,
  skills: [
    { value: 'React', label: 'React' },
    { value: 'CSS', label: 'CSS' },
  ],
  city: 'Berlin',
  country: 'DE',
  payMin: '60,000',
  payMax: '75000',
  currency: 'EUR',
  period: 'year',
};

describe('job form logic', () => {
  it('dates: today + 30 by default, whole days in UTC', () => {
    expect(emptyJobForm(TODAY).validThrough).toBe('2026-12-22');
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
  });

  it('skills: trimmed, added once whatever the case, at most 20 of at most 40 characters', () => {
    const one = addSkill([], '  React  Native ');
    expect(one).toEqual([{ value: 'React Native', label: 'React Native' }]);
    expect(addSkill(one, 'react native')).toEqual(one);
    expect(addSkill(one, 'x'.repeat(41))).toEqual(one);
    expect(addSkill(one, '   ')).toEqual(one);
    const twenty = Array.from({ length: 20 }, (_, i) => ({ value: `s${i}`, label: `s${i}` }));
    expect(addSkill(twenty, 'one more')).toHaveLength(20);
  });

  it('amounts: commas and spaces allowed, empty is missing, words are not numbers', () => {
    expect(parseAmount('60,000')).toBe(60000);
    expect(parseAmount(' 45.50 ')).toBe(45.5);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('-5')).toBeNaN();
    expect(parseAmount('20 dollars')).toBeNaN();
  });

  it("amounts: the spec's '$20k' and '20k' are 20000, as the server reads them (issue 29)", () => {
    for (const text of ['20k', '$20k', '20000', '$20,000', '20K', ' $ 20k ']) expect(parseAmount(text)).toBe(20000);
    expect(parseAmount('$120k')).toBe(120000);
    expect(parseAmount('45.5k')).toBe(45500);
    for (const text of ['20k', '$20k', '20000', '$120k']) expect(parseAmount(text)).toBe(legacyAmount(text, 'Yearly'));
    const result = validateJobForm({ ...filled, payMin: '$20k', payMax: '120k' }, { today: TODAY });
    expect(result.ok && result.body.salary).toEqual({ min: 20000, max: 120000, currency: 'EUR', period: 'year' });
  });

  it('currencies: the common ones first, then every other ISO 4217 code the browser knows, once', () => {
    const { common, others } = currencyOptions();
    expect(common.map((c) => c.code)).toEqual([...COMMON_CURRENCIES]);
    expect(common[1]?.name).toBe('Euro');
    const all = [...common, ...others].map((c) => c.code);
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual([...Intl.supportedValuesOf('currency')].sort());
  });

  it('builds the body the API takes: company, structured pay, place, workplace, closing date', () => {
    const result = validateJobForm(filled, { today: TODAY });
    expect(result).toEqual({
      ok: true,
      body: expect.objectContaining({
        jobTitle: 'Frontend Engineer',
        companyId: acme.id,
        salary: { min: 60000, max: 75000, currency: 'EUR', period: 'year' },
        location: { city: 'Berlin', country: 'DE' },
        workplace: 'on-site',
        remoteCountries: [],
        validThrough: '2026-12-22',
        skills: filled.skills,
      }) as JobFormBody,
    });
    if (result.ok) expect(result.body).not.toHaveProperty('minPrice');
  });

  it('a city picked with its region sends the region ("Springfield, IL" then finds it); a typed city sends none', () => {
    const picked = validateJobForm(
      { ...filled, city: 'Springfield', country: 'US', region: 'Illinois' },
      { today: TODAY },
    );
    expect(picked.ok && picked.body.location).toEqual({ city: 'Springfield', country: 'US', region: 'Illinois' });
    const typed = validateJobForm({ ...filled, city: 'Springfield', country: 'US', region: '' }, { today: TODAY });
    expect(typed.ok && typed.body.location).toEqual({ city: 'Springfield', country: 'US' });
  });

  it('says what is missing, field by field, in the order of the form', () => {
    const result = validateJobForm({ ...emptyJobForm(TODAY), jobTitle: '' }, { today: TODAY });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual([
      'jobTitle',
      'company',
      'employmentType',
      'experienceLevel',
      'skills',
      'city',
      'payMin',
      'payMax',
      'description',
    ]);
    expect(result.errors.city).toBe('Enter the city of the job, or choose Remote');
    expect(result.errors.payMin).toBe('Minimum Salary is required');
  });

  it('an empty select says "Choose ..." naming the field in words, not the raw values (issue 29)', () => {
    const result = validateJobForm({ ...filled, employmentType: '', experienceLevel: '' }, { today: TODAY });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.employmentType).toBe('Choose an experience type');
    expect(result.errors.experienceLevel).toBe('Choose an experience level');
    expect(JSON.stringify(result.errors)).not.toMatch(/Full-time|expected one of|must be one of/);
  });

  it('a remote job needs no city, and keeps its countries; other workplaces drop them', () => {
    const remote = validateJobForm(
      { ...filled, city: '', country: '', workplace: 'remote', remoteCountries: ['DE', 'FR'] },
      { today: TODAY },
    );
    expect(remote.ok && remote.body.remoteCountries).toEqual(['DE', 'FR']);
    const hybrid = validateJobForm({ ...filled, workplace: 'hybrid', remoteCountries: ['DE'] }, { today: TODAY });
    expect(hybrid.ok && hybrid.body.remoteCountries).toEqual([]);
  });

  it('refuses min above max, amounts that are not numbers, and closing dates out of bounds', () => {
    const errorsOf = (values: JobFormValues) => {
      const result = validateJobForm(values, { today: TODAY });
      return result.ok ? {} : result.errors;
    };
    expect(errorsOf({ ...filled, payMin: '80000' }).payMax).toBe('The minimum pay must not be above the maximum');
    expect(errorsOf({ ...filled, payMin: 'lots' }).payMin).toMatch(/must be a number/);
    expect(errorsOf({ ...filled, validThrough: '2027-02-21' }).validThrough).toBe(
      'Applications must close within 90 days (by 2027-02-20)',
    );
    expect(errorsOf({ ...filled, validThrough: '2027-02-20' }).validThrough).toBeUndefined();
    expect(errorsOf({ ...filled, validThrough: '2026-11-21' }).validThrough).toBe(
      'Applications cannot close before today',
    );
  });

  it('a new company is checked with the shared schema and returned to be created first', () => {
    const bad = validateJobForm(
      { ...filled, company: NEW_COMPANY, companyName: ' ', companyWebsite: 'javascript:x' },
      { today: TODAY },
    );
    expect(bad.ok ? {} : bad.errors).toMatchObject({
      companyName: 'Company name is required',
      companyWebsite: 'Website must be a valid URL',
    });
    const good = validateJobForm(
      { ...filled, company: NEW_COMPANY, companyName: 'Brand New Co', companyWebsite: 'https://new.example' },
      { today: TODAY },
    );
    expect(good.ok && good.newCompany).toEqual({
      name: 'Brand New Co',
      logo: '',
      website: 'https://new.example',
      description: '',
    });
    expect(good.ok && good.body).not.toHaveProperty('companyId');
  });

  it('editing: an unchanged (even past) closing date is not sent; an old job keeps its salary text until numbers are given', () => {
    const legacy: Job = {
      ...job,
      company: { ...job.company, id: acme.id },
      salary: null,
      validThrough: '2026-01-01',
      status: 'expired',
    };
    const values = formFromJob(legacy);
    expect(values.payMin).toBe('');
    const result = validateJobForm(values, { today: TODAY, original: legacy });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body).not.toHaveProperty('validThrough');
    expect(result.body).not.toHaveProperty('salary');
    expect(result.body).toMatchObject({
      minPrice: '$20k',
      maxPrice: '$120k',
      salaryType: 'Yearly',
      companyId: acme.id,
    });
    const renewed = validateJobForm(
      { ...values, validThrough: '2026-12-01', payMin: '1', payMax: '2' },
      { today: TODAY, original: legacy },
    );
    expect(renewed.ok && renewed.body).toMatchObject({
      validThrough: '2026-12-01',
      salary: { min: 1, max: 2, currency: 'USD', period: 'year' },
    });
  });

  it('formFromJob: a job from an old client shows its free-text location as the city', () => {
    expect(formFromJob({ ...job, location: { city: '', country: '' }, jobLocation: 'Madrid' }).city).toBe('Madrid');
    expect(formFromJob(job)).toMatchObject({
      city: 'London',
      country: 'GB',
      payMin: '20000',
      payMax: '120000',
      currency: 'USD',
      period: 'year',
      company: 'c1',
    });
  });
});

const places = [
  { city: 'London', country: 'GB', countryName: 'United Kingdom', region: 'England', population: 8_900_000 },
  { city: 'London', country: 'CA', countryName: 'Canada', region: 'Ontario', population: 400_000 },
];

function api(overrides: Handler = () => undefined, companies: Company[] = [acme]) {
  return mockFetch((url, init) => {
    const custom = overrides(url, init);
    if (custom) return custom;
    if (url === '/api/companies/mine') return { body: companies };
    if (url.startsWith('/api/skills')) {
      const q = new URL(url, 'http://x.test').searchParams.get('q') ?? '';
      const all = [
        { value: 'React', label: 'React', count: 40 },
        { value: 'Redux', label: 'Redux', count: 12 },
        { value: 'Python', label: 'Python', count: 30 },
      ];
      return { body: all.filter((s) => s.value.toLowerCase().startsWith(q.toLowerCase())) };
    }
    if (url.startsWith('/api/places')) return { body: places };
    return undefined;
  });
}

function renderForm(props: Partial<Parameters<typeof JobForm>[0]> = {}) {
  const onSubmit = vi.fn<(body: JobFormBody) => void>();
  renderPage(
    <JobForm
      initialValues={emptyJobForm(TODAY)}
      today={TODAY}
      submitLabel="Create Job"
      busy={false}
      onSubmit={onSubmit}
      {...props}
    />,
    { user: alice },
  );
  return onSubmit;
}

describe('<JobForm>', () => {
  it('defaults the title to Web Developer, keeps the old labels and picks the first of my companies', async () => {
    api();
    renderForm();
    expect(screen.getByLabelText('Job Title')).toHaveValue('Web Developer');
    expect(screen.getByLabelText('Experience Type')).toBeInTheDocument();
    expect(screen.getByLabelText('Minimum Salary')).toBeInTheDocument();
    expect(screen.getByLabelText('Required Skill Sets')).toHaveAttribute('role', 'combobox');
    expect(screen.getByLabelText('Applications close on')).toHaveValue('2026-12-22');
    expect(screen.getByLabelText('Applications close on')).toHaveAttribute('max', '2027-02-20');
    await waitFor(() => expect(screen.getByLabelText('Company')).toHaveValue(acme.id));
    expect(screen.queryByLabelText('Company Name')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Company'), 'New company...');
    expect(screen.getByLabelText('Company Name')).toHaveAttribute('placeholder', 'Ex: Microsoft');
    expect(screen.getByPlaceholderText(/Paste your company logo URL/)).toBeInTheDocument();
  });

  it('with no company yet, asks for a new one', async () => {
    api(undefined, []);
    renderForm();
    expect(await screen.findByLabelText('Company Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Company')).toHaveValue(NEW_COMPANY);
  });

  it('skills: suggestions as you type (arrows and Enter pick), Enter adds new text, chips remove, no duplicates', async () => {
    const fetch = api();
    renderForm();
    const input = screen.getByLabelText('Required Skill Sets');
    await userEvent.type(input, 're');
    await waitFor(() => expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/skills?q=re'), {
      timeout: 3000,
    });
    const list = screen.getByRole('listbox');
    await waitFor(() => expect(within(list).queryByRole('option', { name: /Python/ })).not.toBeInTheDocument(), {
      timeout: 3000,
    });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['React40 jobs', 'Redux12 jobs']);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(within(list).getByRole('option', { name: /Redux/ }).id);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove Redux' })).toBeInTheDocument();
    expect(input).toHaveValue('');

    await userEvent.type(input, 'Elm Lang{Enter}');
    expect(screen.getByRole('button', { name: 'Remove Elm Lang' })).toBeInTheDocument();
    await userEvent.type(input, 'elm lang{Enter}');
    expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Redux' }));
    expect(screen.queryByRole('button', { name: 'Remove Redux' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
  });

  it('city: picking a suggestion fills the city and its country; any city can be typed', async () => {
    const fetch = api();
    renderForm();
    const city = screen.getByLabelText('City');
    await userEvent.type(city, 'Lon');
    const option = await screen.findByRole('option', { name: /London\s*Ontario, Canada/ }, { timeout: 3000 });
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/places?q=Lon');
    await userEvent.click(option);
    expect(city).toHaveValue('London');
    expect(screen.getByLabelText('Country')).toHaveValue('CA');
    await userEvent.clear(city);
    await userEvent.type(city, 'Smallville');
    expect(city).toHaveValue('Smallville');
    expect(screen.getByLabelText('Country')).toHaveValue('CA');
  });

  it('remote: the countries it can hire in, picked by name', async () => {
    api();
    renderForm();
    expect(screen.queryByLabelText('Countries it can hire in')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Remote/ }));
    const countries = screen.getByLabelText('Countries it can hire in');
    await userEvent.type(countries, 'germ');
    await userEvent.click(
      await within(screen.getByRole('listbox')).findByRole('option', { name: 'Germany' }, { timeout: 3000 }),
    );
    await userEvent.type(countries, 'franc{Enter}');
    expect(screen.getByRole('button', { name: 'Remove Germany' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove France' })).toBeInTheDocument();
    expect(screen.getByLabelText('City (optional)')).toBeInTheDocument();
  });

  it('posts for a new company: the company is created first, then the job with its id', async () => {
    const created: Company = {
      ...acme,
      id: '22222222-2222-4222-8222-222222222222',
      slug: 'brand-new',
      name: 'Brand New',
    };
    const fetch = api(
      (url, init) => (url === '/api/companies' && init?.method === 'POST' ? { status: 201, body: created } : undefined),
      [],
    );
    const onSubmit = renderForm({ initialValues: { ...filled, company: '' } });
    await userEvent.type(await screen.findByLabelText('Company Name'), 'Brand New');
    await userEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const post = fetch.mock.calls.find(([url, init]) => url === '/api/companies' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'Brand New', logo: '', website: '', description: '' });
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      companyId: created.id,
      salary: { min: 60000, max: 75000, currency: 'EUR', period: 'year' },
    });
  });

  it("waits for a new company's logo still uploading before it can be posted, then posts with its address", async () => {
    let finish: () => void = () => {};
    class SlowUpload {
      status = 0;
      response: unknown = null;
      withCredentials = false;
      responseType = '';
      upload = { addEventListener: () => {} };
      private load: () => void = () => {};
      open() {}
      setRequestHeader() {}
      addEventListener(type: string, cb: () => void) {
        if (type === 'load') this.load = cb;
      }
      send() {
        finish = () => {
          this.status = 201;
          this.response = { url: '/uploads/1-abc-brand.webp' };
          this.load();
        };
      }
    }
    vi.stubGlobal('XMLHttpRequest', SlowUpload);
    const created: Company = {
      ...acme,
      id: '22222222-2222-4222-8222-222222222222',
      slug: 'brand-new',
      name: 'Brand New',
    };
    const fetch = api(
      (url, init) => (url === '/api/companies' && init?.method === 'POST' ? { status: 201, body: created } : undefined),
      [],
    );
    const onSubmit = renderForm({ initialValues: { ...filled, company: '' } });
    await userEvent.type(await screen.findByLabelText('Company Name'), 'Brand New');
    await userEvent.upload(
      screen.getByTestId('companyLogo-file'),
      new File(['png'], 'brand.png', { type: 'image/png' }),
    );
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    act(() => finish());
    await userEvent.click(await screen.findByRole('button', { name: 'Create Job' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const post = fetch.mock.calls.find(([url, init]) => url === '/api/companies' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ name: 'Brand New', logo: '/uploads/1-abc-brand.webp' });
    vi.unstubAllGlobals();
  });

  it("shows the server's refusal to create the company, and posts nothing", async () => {
    api(
      (url, init) =>
        url === '/api/companies' && init?.method === 'POST'
          ? { status: 400, body: { success: false, statusCode: 400, message: 'name: Company name is taken' } }
          : undefined,
      [],
    );
    const onSubmit = renderForm({ initialValues: { ...filled, company: '' } });
    await userEvent.type(await screen.findByLabelText('Company Name'), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('name: Company name is taken');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does not submit an incomplete form: says what is missing and focuses the first field', async () => {
    api();
    const onSubmit = renderForm({ initialValues: { ...emptyJobForm(TODAY), jobTitle: '' } });
    await waitFor(() => expect(screen.getByLabelText('Company')).toHaveValue(acme.id));
    await userEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Job title is required')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one skill')).toBeInTheDocument();
    expect(screen.getByLabelText('Job Title')).toHaveFocus();
    expect(screen.getByLabelText('Required Skill Sets')).toHaveAttribute('aria-invalid', 'true');
  });

  it("pay fields show the spec's placeholders $20k and $120k (issue 29)", () => {
    api();
    renderForm();
    expect(screen.getByLabelText('Minimum Salary')).toHaveAttribute('placeholder', '$20k');
    expect(screen.getByLabelText('Maximum Salary')).toHaveAttribute('placeholder', '$120k');
  });

  it('the city error clears once Remote is chosen, or once a city is typed (issue 29)', async () => {
    api();
    renderForm({ initialValues: { ...filled, city: '', country: '' } });
    const cityError = 'Enter the city of the job, or choose Remote';
    await userEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(screen.getByText(cityError)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Remote/ }));
    expect(screen.queryByText(cityError)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /On-site/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(screen.getByText(cityError)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('City'), 'B');
    expect(screen.queryByText(cityError)).not.toBeInTheDocument();
  });

  it('reads Loading... while busy', () => {
    api();
    renderForm({ busy: true });
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  });
});
