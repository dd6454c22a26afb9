import { describe, expect, it } from 'vitest';
import {
  applyBodySchema,
  isSafeUrl,
  jobCreateBodySchema,
  jobUpdateBodySchema,
  searchQuerySchema,
  signUpBodySchema,
  userUpdateBodySchema,
} from './schemas.js';

const job = {
  jobTitle: 'Web Developer',
  companyName: 'Acme',
  companyLogo: 'https://example.com/logo.png',
  jobLocation: 'London',
  employmentType: 'Full-time',
  experienceLevel: 'Internship',
  salaryType: 'Yearly',
  minPrice: '$20k',
  maxPrice: '$120k',
  description: 'A job.',
  skills: [{ value: 'React', label: 'React' }],
};

describe('isSafeUrl', () => {
  it.each(['https://example.com/a.png', 'http://example.com', '/static/logos/acme.svg'])('accepts %s', (url) => {
    expect(isSafeUrl(url)).toBe(true);
  });
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example/x.png',
    'not a url',
    '',
  ])('refuses %j', (url) => {
    expect(isSafeUrl(url)).toBe(false);
  });
});

describe('jobCreateBodySchema', () => {
  it('accepts a full job and the server-owned fields it ignores', () => {
    expect(jobCreateBodySchema.safeParse(job).success).toBe(true);
    expect(jobCreateBodySchema.safeParse({ ...job, postedBy: 'x@example.com', _id: 'x' }).success).toBe(true);
  });
  it('refuses a javascript: logo with a message naming the field', () => {
    const result = jobCreateBodySchema.safeParse({ ...job, companyLogo: 'javascript:alert(1)' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['companyLogo']);
  });
  it('refuses every missing field, naming each', () => {
    const result = jobCreateBodySchema.safeParse({});
    expect(result.success).toBe(false);
    expect(new Set(result.error?.issues.map((i) => i.path[0]))).toEqual(new Set(Object.keys(job)));
  });
  it('refuses blank text, unknown fields, unknown options and skills', () => {
    expect(jobCreateBodySchema.safeParse({ ...job, jobTitle: '   ' }).success).toBe(false);
    expect(jobCreateBodySchema.safeParse({ ...job, isAdmin: true }).success).toBe(false);
    expect(jobCreateBodySchema.safeParse({ ...job, salaryType: '' }).success).toBe(false);
    expect(jobCreateBodySchema.safeParse({ ...job, employmentType: 'full-time' }).success).toBe(false);
    expect(jobCreateBodySchema.safeParse({ ...job, skills: [] }).success).toBe(false);
    // Skills are open (issue 11), up to 20 of 40 characters each.
    expect(jobCreateBodySchema.safeParse({ ...job, skills: [{ value: 'COBOL', label: 'COBOL' }] }).success).toBe(true);
    expect(jobCreateBodySchema.safeParse({ ...job, skills: [{ value: 'x'.repeat(41), label: 'x' }] }).success).toBe(
      false,
    );
    expect(
      jobCreateBodySchema.safeParse({
        ...job,
        skills: Array.from({ length: 21 }, (_, i) => ({ value: `s${i}`, label: `s${i}` })),
      }).success,
    ).toBe(false);
  });
  it('keeps prices as free text (no numeric or min < max check)', () => {
    const parsed = jobCreateBodySchema.parse({ ...job, minPrice: 'negotiable', maxPrice: '1' });
    expect(parsed.minPrice).toBe('negotiable');
  });
});

describe('jobUpdateBodySchema', () => {
  it('accepts a partial update and refuses one that changes nothing', () => {
    expect(jobUpdateBodySchema.safeParse({ jobTitle: 'New' }).success).toBe(true);
    expect(jobUpdateBodySchema.safeParse({}).success).toBe(false);
    expect(jobUpdateBodySchema.safeParse({ _id: 'x', postedBy: 'y' }).success).toBe(false);
  });
});

describe('user schemas', () => {
  it('sign-up lower-cases email and requires a long enough password', () => {
    const ok = signUpBodySchema.parse({ name: 'A', username: 'a_b', email: ' A@Example.COM ', password: '12345678' });
    expect(ok.email).toBe('a@example.com');
    expect(
      signUpBodySchema.safeParse({ name: 'A', username: 'a', email: 'a@example.com', password: 'short' }).success,
    ).toBe(false);
    expect(
      signUpBodySchema.safeParse({ name: 'A', username: 'a b', email: 'a@example.com', password: '12345678' }).success,
    ).toBe(false);
  });
  it('update refuses unknown fields and unsafe links', () => {
    expect(userUpdateBodySchema.safeParse({ name: 'B' }).success).toBe(true);
    expect(userUpdateBodySchema.safeParse({ resume: '' }).success).toBe(true);
    expect(userUpdateBodySchema.safeParse({ password_hash: 'x' }).success).toBe(false);
    expect(userUpdateBodySchema.safeParse({ _id: 'x' }).success).toBe(false);
    expect(userUpdateBodySchema.safeParse({ avatar: 'javascript:alert(1)' }).success).toBe(false);
    expect(userUpdateBodySchema.safeParse({ resume: 'javascript:alert(1)' }).success).toBe(false);
  });
  it('apply needs a uuid job', () => {
    expect(applyBodySchema.safeParse({ job: 'not-an-id' }).success).toBe(false);
    expect(applyBodySchema.safeParse({ job: '123e4567-e89b-12d3-a456-426614174000', user: 'ignored' }).success).toBe(
      true,
    );
  });
});

describe('searchQuerySchema', () => {
  it('refuses bad values and unknown parameters', () => {
    // Any city is a location (issue 11); an over-long one is not.
    expect(searchQuerySchema.safeParse({ location: 'paris' }).success).toBe(true);
    expect(searchQuerySchema.safeParse({ location: 'x'.repeat(101) }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ country: 'GBR' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ payMin: '-1' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ workplace: 'moon' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ page: 'abc' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ sort: 'asc' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ q: 'x'.repeat(101) }).success).toBe(false);
  });
  it('coerces page and lower-cases filter values', () => {
    expect(searchQuerySchema.parse({ page: '2', location: 'LONDON' })).toEqual({ page: 2, location: 'london' });
  });
});
