import { createHash, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { DEFAULT_AVATAR_URL, LIMITS, MESSAGES } from '@jobboard/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { findUserByEmail, insertUser, isUsernameTaken, type UserRow } from '../users/users.repository.js';
import { uniqueViolationToConflict } from './auth.service.js';

const FLOW_TTL_MS = 10 * 60 * 1000;

export const GOOGLE_MESSAGES = {
  cancelled: MESSAGES.googleCancelled,
  failed: MESSAGES.googleFailed,
  unverifiedEmail: 'Your Google account email is not verified.',
  expired: 'This sign-in attempt has expired. Please try again.',
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
        // Plain http is only ever a loopback test provider; production issuers are https.
        execute: issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        this.discovered = undefined;
        throw error;
      });
    return this.discovered;
  }

  /** Starts a flow: remembers verifier and nonce under the state, answers the provider's URL. */
  async start(redirectUri: string): Promise<URL> {
    const configuration = await this.configuration();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await this.db.query('DELETE FROM oidc_flows WHERE created_at < $1', [new Date(Date.now() - FLOW_TTL_MS)]);
    await this.db.query('INSERT INTO oidc_flows (state_hash, code_verifier, nonce) VALUES ($1, $2, $3)', [
      hashState(state),
      codeVerifier,
      nonce,
    ]);
    return oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
  }

  /** Finishes a flow from the callback URL: the ID token is verified (signature, issuer, audience, expiry, nonce). */
  async finish(callbackUrl: URL): Promise<UserRow> {
    const error = callbackUrl.searchParams.get('error');
    if (error) throw new AppError('unauthenticated', error === 'access_denied' ? GOOGLE_MESSAGES.cancelled : GOOGLE_MESSAGES.failed);
    const state = callbackUrl.searchParams.get('state');
    if (!state) throw new AppError('bad_request', GOOGLE_MESSAGES.failed);
    // One use only: the flow is deleted as it is read.
    const rows = await this.db.query<{ code_verifier: string; nonce: string; created_at: Date }>(
      'DELETE FROM oidc_flows WHERE state_hash = $1 RETURNING code_verifier, nonce, created_at',
      [hashState(state)],
    );
    const flow = rows[0];
    if (!flow || Date.now() - new Date(flow.created_at).getTime() > FLOW_TTL_MS) {
      throw new AppError('bad_request', GOOGLE_MESSAGES.expired);
    }
    const configuration = await this.configuration();
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: flow.code_verifier,
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
      throw new AppError('unauthenticated', 'The Google ID token is not valid');
    }
    return this.findOrCreateUser(identityFrom(payload));
  }

  /** Same verified email, same account: a password user who later uses Google keeps their account. */
  private async findOrCreateUser(identity: VerifiedIdentity): Promise<UserRow> {
    const existing = await findUserByEmail(this.db, identity.email);
    if (existing) return existing;
    const username = await this.uniqueUsername(identity.name || identity.email.split('@')[0] || 'user');
    try {
      return await insertUser(this.db, {
        name: identity.name.slice(0, LIMITS.name) || identity.email,
        username,
        email: identity.email,
        passwordHash: null,
        avatar: identity.picture ?? DEFAULT_AVATAR_URL,
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

function hashState(state: string): Buffer {
  return createHash('sha256').update(state).digest();
}

function identityFrom(claims: JWTPayload): VerifiedIdentity {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email) throw new AppError('unauthenticated', GOOGLE_MESSAGES.failed);
  if (claims.email_verified !== true) throw new AppError('forbidden', GOOGLE_MESSAGES.unverifiedEmail);
  const name = typeof claims.name === 'string' ? claims.name.trim() : '';
  const picture = typeof claims.picture === 'string' && /^https?:\/\//.test(claims.picture) ? claims.picture : undefined;
  return { email, name, picture };
}
