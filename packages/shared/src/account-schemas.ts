import { z } from './zod.js';
import { LIMITS } from './constants.js';
import { LANGUAGES } from './languages.js';
import { emailSchema, isSafeUrl, nameSchema, passwordSchema, safeUrl, usernameSchema } from './fields.js';

// Signing in and up, the account and its changes, the mailed links' tokens.

export const signInBodySchema = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(LIMITS.passwordMax * 4),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const signUpBodySchema = z.strictObject({
  name: nameSchema,
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

/** Only a provider ID token is accepted: a bare name/email/photo proves nothing (docs/principles.md, "Promises"). */
export const googleSignInBodySchema = z.object({
  idToken: z.string({ error: 'idToken is required' }).min(1, { error: 'idToken is required' }).max(8192),
});

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  avatar: z.string(),
  resume: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** The signed-in user's own view of the account (sign-in, /me, profile update): the user plus its e-mail state. */
export const accountSchema = userSchema.extend({
  emailVerified: z.boolean().describe('The address was confirmed by a mailed link or the identity provider'),
  pendingEmail: z.string().nullable().describe('An address waiting for its confirmation link to be followed'),
  isAdmin: z
    .boolean()
    .optional()
    .describe(
      'Present and true for an administrator (ADMIN_EMAILS, verified address): the web app shows the Admin page',
    ),
  locale: z
    .enum(LANGUAGES)
    .nullable()
    .describe('The language chosen for the screens and e-mails; null: the browser decides, e-mails in English'),
});
export type Account = z.infer<typeof accountSchema>;

const resumeSchema = z
  .string()
  .trim()
  .max(LIMITS.url, { error: `Resume link must be at most ${LIMITS.url} characters` })
  .refine((v) => v === '' || isSafeUrl(v), { error: 'Resume link must be a valid URL' });

/** Profile update: only the fields that changed are sent (docs/product.md, "API calls"). */
export const userUpdateBodySchema = z.strictObject({
  name: nameSchema.optional(),
  username: usernameSchema.optional(),
  email: emailSchema.optional(),
  password: passwordSchema.optional(),
  resume: resumeSchema.optional(),
  avatar: safeUrl('Avatar').optional(),
  /** The account's language (issue 35); null clears the choice. */
  locale: z
    .enum(LANGUAGES, { error: `locale must be one of ${LANGUAGES.join(', ')} or null` })
    .nullable()
    .optional(),
  /** Required with a new password or e-mail on accounts that have a password. */
  currentPassword: z
    .string()
    .max(LIMITS.passwordMax * 4)
    .optional(),
});
export type UserUpdateBody = z.infer<typeof userUpdateBodySchema>;

/**
 * Account deletion: the current password (accounts without one: a Google sign-in within 10 minutes instead). No
 * body at all (the spec's call) reaches the route, which then names the missing field.
 */
export const accountDeleteBodySchema = z
  .strictObject({
    currentPassword: z
      .string()
      .max(LIMITS.passwordMax * 4)
      .optional(),
  })
  .nullish();
export type AccountDeleteBody = z.infer<typeof accountDeleteBodySchema>;

const tokenSchema = z
  .string({ error: 'token is required' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This link is not valid. Ask for a new one.' });

/** The token of a mailed link (verification or reset). */
export const verifyEmailBodySchema = z.strictObject({ token: tokenSchema });
export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });
export const resetPasswordBodySchema = z.strictObject({ token: tokenSchema, password: passwordSchema });
