import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/** A real OpenID Connect provider on loopback, standing in for Google in tests. */
export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Signs an ID token with the provider's own key (to test the compatibility call). */
  signIdToken(
    claims: Record<string, unknown>,
    options?: { expiresIn?: string | number; audience?: string },
  ): Promise<string>;
  close(): Promise<void>;
}

export interface TestAccount {
  email: string;
  email_verified: boolean;
  name: string;
  picture?: string;
}

export async function startTestProvider(options: {
  redirectUris: string[];
  accounts: Record<string, TestAccount>;
}): Promise<TestProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };

  // oidc-provider's callback answers a promise it handles itself; the server only calls it.
  let handler: (req: http.IncomingMessage, res: http.ServerResponse) => unknown = (_req, res) => res.end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'jobboard-test';
  const clientSecret = 'jobboard-test-secret-0123456789abcdef';

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [privateJwk] },
    cookies: { keys: ['jobboard-test-cookie-key'] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: KoaContextWithOIDC, id: string) {
      const account = options.accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    // Consent is assumed, so the flow is: provider login form -> back to the app.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  handler = provider.callback();

  return {
    issuer,
    clientId,
    clientSecret,
    async signIdToken(claims, { expiresIn = '10m', audience = clientId } = {}) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A minimal cookie jar for driving the provider's pages with fetch. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Walks the provider's side of the flow like a browser would: follows redirects, signs in as `login` on the
 * dev login form (or aborts), and answers the URL the provider finally sends back to the app.
 */
export async function completeProviderLogin(
  authorizationUrl: string,
  login: string | 'abort',
  appOrigin: string,
): Promise<URL> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  for (let hop = 0; hop < 15; hop += 1) {
    if (url.startsWith(appOrigin)) return new URL(url);
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await response.text();
    const uid = /\/interaction\/([\w-]+)/.exec(url)?.[1];
    if (!uid) throw new Error(`unexpected provider page at ${url}: ${response.status} ${html.slice(0, 200)}`);
    const base = new URL(url).origin;
    const next =
      login === 'abort'
        ? await fetch(`${base}/interaction/${uid}/abort`, { redirect: 'manual', headers: { cookie: jar.header() } })
        : await fetch(`${base}/interaction/${uid}`, {
            method: 'POST',
            redirect: 'manual',
            headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
          });
    jar.store(next);
    const nextLocation = next.headers.get('location');
    if (!nextLocation) throw new Error(`provider did not redirect after the login form: ${next.status}`);
    url = new URL(nextLocation, url).href;
  }
  throw new Error('too many redirects in the provider flow');
}

/** The outcome the Google popup's last page hands to the window that opened it (inert JSON in the page). */
export function popupResult(html: string): {
  type?: string;
  ok: boolean;
  user?: { _id: string; email: string; username?: string; name?: string; avatar?: string };
  message?: string;
} {
  const match = /<script type="application\/json" id="oidc-result">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error(`no result in the popup page: ${html.slice(0, 300)}`);
  return JSON.parse(match[1]) as ReturnType<typeof popupResult>;
}
