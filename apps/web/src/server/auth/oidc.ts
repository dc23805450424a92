import * as client from 'openid-client';

/** What the web app asks of its authorization server (an OpenID Provider). */
export interface SignInProvider {
  /** Where to send the browser to sign in (authorization code + PKCE S256, `openid` only). */
  authorizationUrl(checks: { state: string; nonce: string; codeChallenge: string }): Promise<URL>;
  /**
   * Exchanges the code of the redirect `callbackUrl` (checking `iss`, `state`, PKCE and `nonce`)
   * and returns the user the ID token names.
   */
  signIn(
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<{ userId: string; idToken: string | null }>;
  /** RP-initiated logout: where to send the browser so the provider ends its session too. */
  endSessionUrl(idToken: string | null): Promise<URL>;
}

export interface OidcClientOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** `${appUrl}/auth/callback`, registered at the provider. */
  redirectUri: string;
  /** Where the provider sends the browser after sign-out: the app's root. */
  postLogoutRedirectUri: string;
}

/**
 * The web app as a confidential OpenID Connect client (`openid-client`, SPEC section 9): discovery
 * on first use (retried after a failure, so the app starts before the provider), client secret
 * sent with HTTP Basic, no `resource` (the web app asks for no MCP token). Plain HTTP is allowed
 * for a loopback issuer only, as the rest of the stack does (SPEC section 1).
 */
export function openIdClient(options: OidcClientOptions): SignInProvider {
  let discovered: Promise<client.Configuration> | null = null;
  const configuration = () => {
    discovered ??= discover(options).catch((error: unknown) => {
      discovered = null;
      throw error;
    });
    return discovered;
  };
  return {
    async authorizationUrl({ state, nonce, codeChallenge }) {
      return client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: options.redirectUri,
        scope: 'openid',
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
    },
    async signIn(callbackUrl, { state, nonce, codeVerifier }) {
      const tokens = await client.authorizationCodeGrant(await configuration(), callbackUrl, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new Error('the ID token names no user');
      return { userId: claims.sub, idToken: tokens.id_token ?? null };
    },
    async endSessionUrl(idToken) {
      return client.buildEndSessionUrl(await configuration(), {
        post_logout_redirect_uri: options.postLogoutRedirectUri,
        client_id: options.clientId,
        ...(idToken ? { id_token_hint: idToken } : {}),
      });
    },
  };
}

async function discover(options: OidcClientOptions): Promise<client.Configuration> {
  const loopbackHttp = isLoopbackHttp(options.issuer);
  return client.discovery(
    new URL(options.issuer),
    options.clientId,
    { redirect_uris: [options.redirectUri] },
    client.ClientSecretBasic(options.clientSecret),
    loopbackHttp ? { execute: [client.allowInsecureRequests] } : undefined,
  );
}

function isLoopbackHttp(origin: string): boolean {
  const url = new URL(origin);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** Fresh random values for one sign-in. */
export async function signInChecks() {
  const codeVerifier = client.randomPKCECodeVerifier();
  return {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier,
    codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier),
  };
}
