import { describe, expect, it } from 'vitest';
import { isKnownPage } from './routes.js';

describe('isKnownPage', () => {
  it.each(['/', '/job/abc', '/job/abc/', '/sign-in', '/edit-job/1', '/my-job', '/responses', '/about/'])(
    '%s is a page',
    (path) => {
      expect(isKnownPage(path)).toBe(true);
    },
  );
  it.each(['/nope', '/job', '/job/', '/job/a/b', '/sign-in/x', '//', '/Sign-In', '/edit-job//', '/jobs-applied/x'])(
    '%s is not a page',
    (path) => {
      expect(isKnownPage(path)).toBe(false);
    },
  );
});
