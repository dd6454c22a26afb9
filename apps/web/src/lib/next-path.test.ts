import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPath } from './next-path';

describe('next after signing in', () => {
  it('accepts a path on this site, with its query', () => {
    expect(safeNextPath('/my-job')).toBe('/my-job');
    expect(safeNextPath('/job/abc?x=1')).toBe('/job/abc?x=1');
    expect(safeNextPath('/')).toBe('/');
  });

  it('refuses anything that could leave the site or loop', () => {
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'my-job',
      '',
      '/%0d%0aSet-Cookie',
      '/\u0000x',
      '/sign-in',
      '/sign-up?next=/x',
    ]) {
      const result = safeNextPath(bad);
      if (result !== null) expect(new URL(result, 'http://x.test').host).toBe('x.test');
      expect([null, '/%0d%0aSet-Cookie']).toContain(result);
    }
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath('/sign-in')).toBeNull();
  });

  it('builds the sign-in link', () => {
    expect(signInPath('/my-job')).toBe('/sign-in?next=%2Fmy-job');
    expect(signInPath('/')).toBe('/sign-in');
    expect(signInPath('//evil.example')).toBe('/sign-in');
  });
});
