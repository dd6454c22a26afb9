import { describe, expect, it } from 'vitest';
import { dateOnly, excerpt, salaryRangeDollars, salaryRangeK } from './format';

describe('format', () => {
  it('shows salary in thousands with k', () => {
    expect(salaryRangeK('$20k', '$120k')).toBe('20k - 120k');
    expect(salaryRangeK('20', '120,000')).toBe('20k - 120k');
  });
  it('shows salary in dollars for Applied Jobs', () => {
    expect(salaryRangeDollars('$20k', '120k')).toBe('$20k - $120k');
  });
  it('cuts descriptions to 100 characters followed by dots', () => {
    const long = 'a'.repeat(150);
    expect(excerpt(long)).toBe(`${'a'.repeat(100)}...`);
    expect(excerpt('short')).toBe('short...');
  });
  it('keeps the first 10 characters of a date', () => {
    expect(dateOnly('2024-05-06T10:11:12.000Z')).toBe('2024-05-06');
  });
});

describe('excerpt of a Markdown description (issue 29)', () => {
  it('reads without the marks; plain text as before', () => {
    expect(
      excerpt('## About us\nWe build **widgets** for *everyone*.\n- Read [our story](https://example.com/story)'),
    ).toBe('About us\nWe build widgets for everyone.\nRead our story...');
    expect(excerpt('2 * 3 * 4 and snake_case_name')).toBe('2 * 3 * 4 and snake_case_name...');
  });
});
