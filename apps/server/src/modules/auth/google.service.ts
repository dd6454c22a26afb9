import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import * as oidc from 'openid-client';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { DEFAULT_AVATAR_URL, LIMITS, MESSAGES } from '@jobboard/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import {
  findUserByEmail,
  insertUser,
  isUsernameTaken,
  uniqueViolationToConflict,
  updateUser,
  type UserRow,
} from '../users/users.repository.js';
import { deleteAccountTokens } from '../accounts/account-tokens.repository.js';
import { deleteSessionsForUser } from '../sessions/sessions.repository.js';
import { insertFlow, takeFlow } from './oidc-flows.repository.js';

/** A started sign-in must come back within this time (housekeeping deletes older flows). */
export const FLOW_TTL_MS = 10 * 60 * 1000;

export const GOOGLE_MESSAGES = {
  cancelled: MESSAGES.googleCancelled,
  failed: MESSAGES.googleFailed,
  unverifiedEmail: MESSAGES.googleUnverified,
  expired: MESSAGES.googleExpired,
} as const;

interface VerifiedIdentity {
  email: string;
  name: string;
  picture: string | undefined;
}

/**
 * "Continue with Google": OpenID Connect authorization code flow with PKCE, state and nonce, against any issuer
 * (Google's by default). Discovery runs once, lazily, and is retried after a failure.
 */
export class GoogleSignIn {
  private discovered: Promise<oidc.Configuration> | undefined;
  private jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  get configured(): boolean {
    return Boolean(this.config.oidc.clientId);
  }

  private configuration(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret } = this.config.oidc;
    if (!clientId) throw new AppError('not_configured', MESSAGES.googleNotConfigured);
    this.discovered ??= oidc
      .discovery(new URL(issuer), clientId, clientSecret, undefined, {
        // Plain http is only ever a loopback test provider; production issuers are https. (The library marks
        // this option deprecated only so that it stands out; it is the documented way to allow http.)
        // eslint-disable-next-line @typescript-eslint/no-deprecated
        execute: issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        this.discovered = undefined;
        throw error;
      });
    return this.discovered;
  }

  /**
   * Starts a flow: remembers verifier and nonce under the state, answers the provider's URL and the browser
   * binding (a hash of the state) that the route keeps in a cookie and `finish` requires.
   */
  async start(redirectUri: string): Promise<{ url: URL; binding: string }> {
    const configuration = await this.configuration();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await insertFlow(this.db, state, { codeVerifier, nonce });
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, binding: browserBinding(state) };
  }

  /** Finishes a flow from the callback URL: the ID token is verified (signature, issuer, audience, expiry, nonce). */
  async finish(callbackUrl: URL, binding: string | undefined): Promise<UserRow> {
    const error = callbackUrl.searchParams.get('error');
    if (error)
      throw new AppError(
        'unauthenticated',
        error === 'access_denied' ? GOOGLE_MESSAGES.cancelled : GOOGLE_MESSAGES.failed,
      );
    const state = callbackUrl.searchParams.get('state');
    if (!state) throw new AppError('bad_request', GOOGLE_MESSAGES.failed);
    // Login CSRF: a callback link made by someone else (with their state and code) finds no binding in this
    // browser, so it cannot sign this browser into their account. Checked before the flow is used up.
    if (!binding || !sameBinding(binding, browserBinding(state)))
      throw new AppError('bad_request', MESSAGES.oidcBrowserMismatch);
    // One use only: the flow is deleted as it is read.
    const flow = await takeFlow(this.db, state);
    if (!flow || Date.now() - flow.createdAt.getTime() > FLOW_TTL_MS) {
      throw new AppError('bad_request', GOOGLE_MESSAGES.expired);
    }
    const configuration = await this.configuration();
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch {
      throw new AppError('unauthenticated', GOOGLE_MESSAGES.failed);
    }
    if (!claims) throw new AppError('unauthenticated', GOOGLE_MESSAGES.failed);
    return this.findOrCreateUser(identityFrom(claims));
  }

  /** The compatibility call: a provider ID token posted by a client, verified against the issuer's keys. */
  async signInWithIdToken(idToken: string): Promise<UserRow> {
    const configuration = await this.configuration();
    const metadata = configuration.serverMetadata();
    if (!metadata.jwks_uri) throw new AppError('unavailable', GOOGLE_MESSAGES.failed);
    this.jwks ??= createRemoteJWKSet(new URL(metadata.jwks_uri));
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, this.jwks, {
        issuer: metadata.issuer,
        audience: this.config.oidc.clientId,
        requiredClaims: ['exp', 'iat', 'sub'],
      }));
    } catch {
      throw new AppError('unauthenticated', MESSAGES.googleTokenInvalid);
    }
    return this.findOrCreateUser(identityFrom(payload));
  }

  /**
   * The provider vouches for the address. An account with that address whose owner proved it too is the same
   * person's: signed in. One whose address was never proven may have been registered by someone else before
   * the real owner arrived (pre-hijacking): the verified owner takes it over, its password is dropped and every
   * session of it ends, so whoever registered it keeps no way in.
   */
  private async findOrCreateUser(identity: VerifiedIdentity): Promise<UserRow> {
    const existing = await findUserByEmail(this.db, identity.email);
    if (existing?.email_verified) return existing;
    if (existing) {
      return this.db.transaction(async (tx) => {
        const taken = await updateUser(tx, existing.id, {
          passwordHash: null,
          emailVerifiedAt: new Date(),
          pendingEmail: null,
        });
        await deleteSessionsForUser(tx, existing.id);
        await deleteAccountTokens(tx, existing.id);
        return taken ?? existing;
      });
    }
    const username = await this.uniqueUsername(identity.name || identity.email.split('@')[0] || 'user');
    try {
      return await insertUser(this.db, {
        name: identity.name.slice(0, LIMITS.name) || identity.email,
        username,
        email: identity.email,
        passwordHash: null,
        avatar: identity.picture ?? DEFAULT_AVATAR_URL,
        emailVerified: true,
      });
    } catch (error) {
      // The same person finishing two flows at once: the second finds the first's account.
      const raced = await findUserByEmail(this.db, identity.email);
      if (raced) return raced;
      throw uniqueViolationToConflict(error);
    }
  }

  private async uniqueUsername(name: string): Promise<string> {
    const base =
      name
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '.')
        .replace(/^\.+|\.+$/g, '')
        .slice(0, 24) || 'user';
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const candidate = attempt === 0 ? base : `${base}.${randomBytes(2).toString('hex')}`;
      if (!(await isUsernameTaken(this.db, candidate))) return candidate;
    }
    return `${base}.${randomBytes(6).toString('hex')}`;
  }
}

/** What the browser that started a flow keeps: the state's SHA-256, so the cookie alone cannot finish it. */
export function browserBinding(state: string): string {
  return createHash('sha256').update(state).digest('base64url');
}

function sameBinding(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function identityFrom(claims: JWTPayload): VerifiedIdentity {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email) throw new AppError('unauthenticated', GOOGLE_MESSAGES.failed);
  if (claims.email_verified !== true) throw new AppError('forbidden', GOOGLE_MESSAGES.unverifiedEmail);
  const name = typeof claims.name === 'string' ? claims.name.trim() : '';
  const picture =
    typeof claims.picture === 'string' && /^https?:\/\//.test(claims.picture) ? claims.picture : undefined;
  return { email, name, picture };
}
