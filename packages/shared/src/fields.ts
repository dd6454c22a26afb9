import { z } from './zod.js';
import { LIMITS } from './constants.js';

// The fields the contracts are made of: ids, addresses, passwords, URLs and the names people read.

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** http(s) URL, or a path on this site ('/static/logos/acme.svg'). Never javascript: or data:. */
export function isSafeUrl(value: string): boolean {
  if (/^\/(?!\/)/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const safeUrl = (label: string) =>
  requiredText(label, LIMITS.url).refine(isSafeUrl, { error: `${label} must be a valid URL` });

export const idSchema = z.uuid({ error: 'Not a valid id' });

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(LIMITS.email, { error: `Email must be at most ${LIMITS.email} characters` })
  .pipe(z.email({ error: 'Email must be a valid email address' }));

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(LIMITS.passwordMin, { error: `Password must be at least ${LIMITS.passwordMin} characters` })
  .max(LIMITS.passwordMax, { error: `Password must be at most ${LIMITS.passwordMax} characters` });

/** Control, format (zero-width, bidi), default-ignorable (fillers, variation selectors) and line/paragraph separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

/** Scripts told apart; a character belongs to every script of its Script_Extensions among them. */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Cherokee',
  'Khmer',
  'Mongolian',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
].map((name) => [name, new RegExp(`\\p{Script_Extensions=${name}}`, 'u')] as const);
const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;
/** The CJK writing systems mix scripts by nature (UTS #39): Han with kana is Japanese, with Hangul Korean. */
const WRITING_SYSTEMS: Record<string, string[]> = {
  Han: ['Jpan', 'Kore', 'Hanb'],
  Hiragana: ['Jpan'],
  Katakana: ['Jpan'],
  Hangul: ['Kore'],
  Bopomofo: ['Hanb'],
};

function scriptSets(text: string): Set<string>[] {
  const sets: Set<string>[] = [];
  for (const char of text) {
    const scripts = SCRIPTS.filter(([, pattern]) => pattern.test(char)).map(([name]) => name);
    if (scripts.length === 0) {
      // Digits, punctuation, spaces and combining marks go with any script; a letter of an unlisted one does not.
      if (!SHARED.test(char)) sets.push(new Set([`other:${char}`]));
      continue;
    }
    sets.push(new Set(scripts.flatMap((s) => [s, ...(WRITING_SYSTEMS[s] ?? [])])));
  }
  return sets;
}

const intersect = (sets: Set<string>[]) =>
  sets.reduce<Set<string> | undefined>(
    (acc, set) => (acc ? new Set([...acc].filter((s) => set.has(s))) : new Set(set)),
    undefined,
  );

/**
 * One script, or Latin with one CJK writing system (UTS #39 "highly restrictive"): `аlice` (Cyrillic а) and
 * `pаypal` are refused, `алиса`, `山田はなこ` and `Tanaka 太郎` are fine.
 */
export function isSingleScript(text: string): boolean {
  const sets = scriptSets(text);
  const all = intersect(sets);
  if (!all || all.size > 0) return true;
  const withoutLatin = intersect(sets.filter((set) => !(set.size === 1 && set.has('Latin'))));
  return Boolean(withoutLatin && ['Jpan', 'Kore', 'Hanb'].some((system) => withoutLatin.has(system)));
}

/** A name people read: NFKC-normalised (full-width and compatibility forms become plain), one script, nothing hidden. */
const personText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .normalize('NFKC')
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((v) => !INVISIBLE.test(v), {
      error: `${label} must not contain invisible or text-direction characters`,
      abort: true,
    })
    .refine(isSingleScript, {
      error: `${label} must not mix scripts (for example Latin and Cyrillic letters)`,
      abort: true,
    });

export const usernameSchema = personText('Username', LIMITS.username).regex(/^[\p{L}\p{N}._-]+$/u, {
  error: 'Username may only contain letters, digits, dots, dashes and underscores',
});

export const nameSchema = personText('Name', LIMITS.name);

/**
 * The one rule for every name shown to others (user names, company names, job titles): NFKC-normalised,
 * nothing invisible or text-direction, one script. A company called `Аcme` (Cyrillic А) cannot pose as `Acme`.
 */
export const displayNameSchema = personText;

/** Whether a stored text (written before the rule, or by a bulk load) passes the display-name rule. */
export function isPlainDisplayText(text: string): boolean {
  return !INVISIBLE.test(text) && text.normalize('NFKC') === text && isSingleScript(text);
}
