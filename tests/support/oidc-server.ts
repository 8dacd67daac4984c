import { OAuth2Server } from 'oauth2-mock-server';

/** The person the mock provider signs in next: ID token claims (OpenID Connect). */
export interface MockIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** Normally the client id the token is issued to; set to test a token meant for someone else. */
  aud?: string;
}

export interface OidcServer {
  /** The issuer URL, for SOCIAL_AUTH_ISSUER_URL. */
  issuerUrl: string;
  /** Who every following login at the provider is, until changed. */
  signInAs(identity: MockIdentity): void;
  /**
   * The next authorization ends with this OAuth error (e.g. access_denied, as when the
   * person presses Cancel at the provider) instead of a code.
   */
  refuseNext(error: string): void;
  /** The next code exchange at the token endpoint is refused (invalid_grant: a used, expired or forged code). */
  refuseNextExchange(): void;
  stop(): Promise<void>;
}

/**
 * A real OAuth 2 / OpenID Connect server (oauth2-mock-server) on 127.0.0.1 at a random
 * port, with a freshly generated signing key. Its /authorize approves at once (no login
 * form), redirecting back with a code; its ID tokens carry the identity set by signInAs.
 */
export async function startOidcServer(): Promise<OidcServer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let identity: MockIdentity = { sub: 'mock-user', email: 'mock-user@example.test', email_verified: true, name: 'Mock User' };
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, identity);
  });
  server.service.on('beforeUserinfo', (response) => {
    response.body = { ...identity };
  });
  return {
    issuerUrl: server.issuer.url!,
    signInAs(next) {
      identity = next;
    },
    refuseNext(error) {
      server.service.once('beforeAuthorizeRedirect', ({ url }) => {
        url.searchParams.delete('code');
        url.searchParams.set('error', error);
      });
    },
    refuseNextExchange() {
      server.service.once('beforeResponse', (response) => {
        response.statusCode = 400;
        response.body = { error: 'invalid_grant', error_description: 'The code is invalid or was already used.' };
      });
    },
    stop: () => server.stop(),
  };
}
