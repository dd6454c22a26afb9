import { describe, expect, it } from 'vitest';
import { statusActions } from './job-status';

const TODAY = '2026-11-22';
const base = { jobTitle: 'Chef' };

describe('My Jobs status actions', () => {
  it('an open job can be closed (with a confirmation), and renewed when it closes within 30 days', () => {
    const soon = statusActions({ ...base, status: 'open', validThrough: '2026-11-30' }, TODAY);
    expect(soon.map((a) => a.kind)).toEqual(['close', 'renew']);
    expect(soon[0]?.body).toEqual({ status: 'closed' });
    expect(soon[0]?.confirm?.button).toBe('Yes, close it');
    expect(soon[1]?.body).toEqual({ status: 'open', validThrough: '2026-12-22' });
    const later = statusActions({ ...base, status: 'open', validThrough: '2027-01-30' }, TODAY);
    expect(later.map((a) => a.kind)).toEqual(['close']);
  });

  it('a closed job reopens as it was, or with a new date when its own has passed', () => {
    expect(statusActions({ ...base, status: 'closed', validThrough: '2026-12-01' }, TODAY)).toMatchObject([
      { kind: 'reopen', body: { status: 'open' } },
    ]);
    expect(statusActions({ ...base, status: 'closed', validThrough: '2026-11-22' }, TODAY)[0]?.body).toEqual({
      status: 'open',
    });
    expect(statusActions({ ...base, status: 'closed', validThrough: '2026-11-01' }, TODAY)[0]?.body).toEqual({
      status: 'open',
      validThrough: '2026-12-22',
    });
  });

  it('an expired job is renewed for 30 days from today, without a confirmation', () => {
    const [renew] = statusActions({ ...base, status: 'expired', validThrough: '2026-10-01' }, TODAY);
    expect(renew).toMatchObject({
      kind: 'renew',
      label: 'Renew (+30 days)',
      body: { status: 'open', validThrough: '2026-12-22' },
    });
    expect(renew?.confirm).toBeUndefined();
  });
});
