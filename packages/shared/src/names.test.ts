import { describe, expect, it } from 'vitest';
import { nameSchema, signUpBodySchema, userUpdateBodySchema, usernameSchema } from './schemas.js';

/**
 * Security review finding 12: usernames and names are normalised (NFKC) and refused when they mix scripts or
 * hold invisible or text-direction characters, so `аlice` (Cyrillic а) cannot pose as `alice`.
 */

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('usernameSchema', () => {
  it.each([
    ['\u0430lice', 'Cyrillic а among Latin letters'],
    ['p\u0430ypal', 'Cyrillic а in the middle'],
    ['g\u043Eogle', 'Cyrillic о'],
    ['\u03B1lice', 'Greek alpha'],
    ['alice\u0661', 'an Arabic-Indic digit among Latin letters'],
  ])('refuses %j (%s): mixed scripts', (value) => {
    expect(firstMessage(usernameSchema.safeParse(value))).toBe(
      'Username must not mix scripts (for example Latin and Cyrillic letters)',
    );
  });

  it.each([
    ['ali\u200Bce', 'zero-width space'],
    ['ali\u200Dce', 'zero-width joiner'],
    ['ali\u00ADce', 'soft hyphen'],
    ['alice\u202Egnp', 'right-to-left override'],
    ['\u2066alice\u2069', 'isolate controls'],
    ['alice\u200E', 'left-to-right mark'],
    ['ali\uFEFFce', 'byte order mark (zero-width no-break space)'],
    ['ali\u2060ce', 'word joiner'],
    ['alice\u3164', 'Hangul filler'],
    ['ali\u0007ce', 'a control character'],
  ])('refuses %j (%s): invisible or direction characters', (value) => {
    expect(firstMessage(usernameSchema.safeParse(value))).toBe(
      'Username must not contain invisible or text-direction characters',
    );
  });

  it.each([
    ['ａｌｉｃｅ', 'alice'],
    ['ｂｏｂ１２', 'bob12'],
    ['ﬁona', 'fiona'],
    ['  alice  ', 'alice'],
    ['José', 'José'],
    ['Jose\u0301', 'José'],
  ])('normalises %j to %j', (value, expected) => {
    expect(usernameSchema.parse(value)).toBe(expected);
  });

  it.each(['alice', 'alice.smith-2', 'алиса', 'Ελένη', '山田はなこ', 'やまだ_タロウ', '김민준', 'שרה', 'zoë', 'Ωμέγα'])(
    'accepts %j',
    (value) => {
      expect(usernameSchema.safeParse(value).success).toBe(true);
    },
  );
});

describe('nameSchema', () => {
  it('refuses a Latin name with a Cyrillic look-alike, naming the field in its message', () => {
    expect(firstMessage(nameSchema.safeParse('Al\u0456ce Smith'))).toBe(
      'Name must not mix scripts (for example Latin and Cyrillic letters)',
    );
  });

  it.each(['Alice\u202E Smith', 'Alice\u200B', '\u2067Alice\u2069', 'Alice\u2028Smith'])(
    'refuses %j: invisible or direction characters',
    (value) => {
      expect(firstMessage(nameSchema.safeParse(value))).toBe(
        'Name must not contain invisible or text-direction characters',
      );
    },
  );

  it.each([
    "Zoë O'Brien",
    'José Álvarez-Núñez',
    'Алиса Петрова',
    '山田 はなこ',
    'Nguyễn Văn An',
    'Anna-Lena Müller 3rd',
    'Dr. J. R. R. Tolkien',
  ])('accepts %j', (value) => {
    expect(nameSchema.safeParse(value).success).toBe(true);
  });

  it('normalises to NFKC', () => {
    expect(nameSchema.parse('Ｆｕｌｌ Ｗｉｄｔｈ')).toBe('Full Width');
    expect(nameSchema.parse('Jose\u0301')).toBe('José');
  });
});

describe('in the request bodies', () => {
  it('sign-up and profile update refuse look-alikes under the field name', () => {
    const signUp = signUpBodySchema.safeParse({
      name: 'Alice',
      username: '\u0430lice',
      email: 'a@example.com',
      password: '12345678',
    });
    expect(signUp.error?.issues[0]?.path).toEqual(['username']);
    const update = userUpdateBodySchema.safeParse({ name: 'Alice\u202E' });
    expect(update.error?.issues[0]?.path).toEqual(['name']);
    expect(update.error?.issues[0]?.message).toBe('Name must not contain invisible or text-direction characters');
  });
});
