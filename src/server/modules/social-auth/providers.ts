import { CodeChallengeMethod, Facebook, Google, MicrosoftEntraId, OAuth2Client, Twitter, decodeIdToken, type OAuth2Tokens } from 'arctic';
import type { SocialProvider } from '@/contracts/master';

/** Who signed in at the provider, as this shop uses it. */
export interface SocialProfile {
  /** The provider's stable id of the person (OIDC `sub`, Graph or X id). */
  id: string;
  email: string | null;
  /** True only when the provider vouches that the person controls `email`. */
  emailVerified: boolean;
  name: string | null;
}

/** One provider, ready for one redirect URI and one client. */
export interface ProviderClient {
  /** Whether the provider takes a PKCE verifier (the state row keeps one). */
  pkce: boolean;
  authorizationUrl(state: string, codeVerifier: string | null): URL;
  exchange(code: string, codeVerifier: string | null): Promise<OAuth2Tokens>;
  /** The person behind the tokens; throws ProfileError when the answer cannot be trusted. */
  profile(tokens: OAuth2Tokens): Promise<SocialProfile>;
}

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** An answer from the provider that is missing what we need or was not meant for us. */
export class ProfileError extends Error {}

/** The endpoints of an OpenID Connect issuer, from its discovery document. */
export interface IssuerEndpoints {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
}

const PROVIDER_TIMEOUT_MS = 10_000;
const GRAPH = 'https://graph.facebook.com/v20.0';

/**
 * The real providers through arctic's own classes, which know each one's endpoints and
 * quirks (Facebook's credentials in the body, Microsoft's tenant): docs/decisions/011.
 */
export function realProvider(provider: SocialProvider, { clientId, clientSecret, redirectUri }: ClientCredentials): ProviderClient {
  switch (provider) {
    case 'google': {
      const google = new Google(clientId, clientSecret, redirectUri);
      return {
        pkce: true,
        authorizationUrl: (state, verifier) => google.createAuthorizationURL(state, verifier!, ['openid', 'email', 'profile']),
        exchange: (code, verifier) => google.validateAuthorizationCode(code, verifier!),
        profile: async (tokens) => profileFromIdToken(tokens, clientId, (iss) => iss === 'https://accounts.google.com' || iss === 'accounts.google.com'),
      };
    }
    case 'microsoft': {
      const microsoft = new MicrosoftEntraId('common', clientId, clientSecret, redirectUri);
      return {
        pkce: true,
        authorizationUrl: (state, verifier) => microsoft.createAuthorizationURL(state, verifier!, ['openid', 'email', 'profile']),
        exchange: (code, verifier) => microsoft.validateAuthorizationCode(code, verifier!),
        // Any tenant may sign in ("common"); each signs with its own issuer.
        profile: async (tokens) =>
          profileFromIdToken(tokens, clientId, (iss, claims) => typeof claims.tid === 'string' && iss === `https://login.microsoftonline.com/${claims.tid}/v2.0`),
      };
    }
    case 'facebook': {
      const facebook = new Facebook(clientId, clientSecret, redirectUri);
      return {
        pkce: false,
        authorizationUrl: (state) => facebook.createAuthorizationURL(state, ['email', 'public_profile']),
        exchange: (code) => facebook.validateAuthorizationCode(code),
        profile: async (tokens) => facebookProfile(await getJson(`${GRAPH}/me?fields=id,name,email`, tokens.accessToken())),
      };
    }
    case 'twitter': {
      const twitter = new Twitter(clientId, clientSecret, redirectUri);
      return {
        pkce: true,
        authorizationUrl: (state, verifier) => twitter.createAuthorizationURL(state, verifier!, ['users.read', 'tweet.read']),
        exchange: (code, verifier) => twitter.validateAuthorizationCode(code, verifier!),
        profile: async (tokens) => twitterProfile(await getJson('https://api.twitter.com/2/users/me?user.fields=confirmed_email', tokens.accessToken())),
      };
    }
  }
}

/**
 * Every provider played by one OpenID Connect issuer (SOCIAL_AUTH_ISSUER_URL): arctic's
 * generic client on the issuer's endpoints, with PKCE, and the person read from the ID
 * token that issuer signed for this client.
 */
export function issuerProvider(endpoints: IssuerEndpoints, { clientId, clientSecret, redirectUri }: ClientCredentials): ProviderClient {
  const client = new OAuth2Client(clientId, clientSecret, redirectUri);
  return {
    pkce: true,
    authorizationUrl: (state, verifier) =>
      client.createAuthorizationURLWithPKCE(endpoints.authorization_endpoint, state, CodeChallengeMethod.S256, verifier!, ['openid', 'email', 'profile']),
    exchange: (code, verifier) => client.validateAuthorizationCode(endpoints.token_endpoint, code, verifier),
    profile: async (tokens) => profileFromIdToken(tokens, clientId, (iss) => iss === endpoints.issuer),
  };
}

const discoveries = new Map<string, Promise<IssuerEndpoints>>();

/** The issuer's discovery document, fetched once per process (a failure is not kept). */
export function discoverIssuer(issuerUrl: string): Promise<IssuerEndpoints> {
  let found = discoveries.get(issuerUrl);
  if (!found) {
    found = (async () => {
      const url = `${issuerUrl.replace(/\/+$/, '')}/.well-known/openid-configuration`;
      const response = await fetch(url, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS), headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const document = (await response.json()) as Partial<IssuerEndpoints>;
      for (const field of ['issuer', 'authorization_endpoint', 'token_endpoint'] as const) {
        if (typeof document[field] !== 'string' || !URL.canParse(document[field])) throw new Error(`${url} has no valid ${field}`);
      }
      return document as IssuerEndpoints;
    })();
    discoveries.set(issuerUrl, found);
    found.catch(() => discoveries.delete(issuerUrl));
  }
  return found;
}

/**
 * The person in an ID token received straight from the token endpoint. Its signature is
 * not checked: it came over the connection to the issuer itself (OpenID Connect Core
 * 3.1.3.7, step 6). Its issuer, audience and expiry are.
 */
function profileFromIdToken(tokens: OAuth2Tokens, clientId: string, trustedIssuer: (iss: string, claims: Record<string, unknown>) => boolean): SocialProfile {
  let claims: Record<string, unknown>;
  try {
    claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>;
  } catch {
    throw new ProfileError('no readable ID token');
  }
  if (typeof claims.iss !== 'string' || !trustedIssuer(claims.iss, claims)) throw new ProfileError('ID token from another issuer');
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(clientId)) throw new ProfileError('ID token for another client');
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) throw new ProfileError('expired ID token');
  if (typeof claims.sub !== 'string' || !claims.sub) throw new ProfileError('ID token without a subject');
  const email = normalEmail(claims.email);
  // Microsoft vouches for an address only with the optional xms_edov claim.
  const verified = claims.email_verified === true || claims.email_verified === 'true' || claims.xms_edov === true;
  return { id: claims.sub, email, emailVerified: Boolean(email) && verified, name: text(claims.name) };
}

/** Graph API `/me`: Facebook returns only confirmed addresses. */
export function facebookProfile(body: unknown): SocialProfile {
  const me = (body ?? {}) as Record<string, unknown>;
  if (typeof me.id !== 'string' || !me.id) throw new ProfileError('no Facebook id');
  const email = normalEmail(me.email);
  return { id: me.id, email, emailVerified: Boolean(email), name: text(me.name) };
}

/** X API `/2/users/me`: an address only as `confirmed_email`, when the app may read it. */
export function twitterProfile(body: unknown): SocialProfile {
  const data = ((body ?? {}) as { data?: Record<string, unknown> }).data ?? {};
  if (typeof data.id !== 'string' || !data.id) throw new ProfileError('no X id');
  const email = normalEmail(data.confirmed_email);
  return { id: data.id, email, emailVerified: Boolean(email), name: text(data.name) ?? text(data.username) };
}

async function getJson(url: string, accessToken: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  if (!response.ok) throw new ProfileError(`${new URL(url).host} answered ${response.status}`);
  return response.json();
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,185}$/;

function normalEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim();
  return email.length <= 190 && EMAIL.test(email) ? email : null;
}

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // Control characters (NUL, line breaks) have no place in a name.
  const trimmed = [...value]
    .filter((char) => char >= ' ' && char !== '\u007f')
    .join('')
    .trim();
  return trimmed ? trimmed.slice(0, 120) : null;
}
