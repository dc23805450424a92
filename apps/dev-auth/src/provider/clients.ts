import type { ClientMetadata } from 'oidc-provider';

/** The pre-registered public client of the code editors (seed: `auth.CLIENT_ID`). */
export const CODE_EDITOR_CLIENT_ID = 'analyst-code-editor';

/**
 * Clients known before any request. Only these are "verified" on the consent page; clients from
 * Dynamic Client Registration or a Client ID Metadata Document are marked unverified.
 */
export const STATIC_CLIENTS: readonly ClientMetadata[] = [
  {
    client_id: CODE_EDITOR_CLIENT_ID,
    client_name: 'Analyst Code Editor',
    application_type: 'native',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    // RFC 8252 section 7.3: any port and any path on these hosts (see installLoopbackRedirectPolicy).
    redirect_uris: [
      'http://127.0.0.1/callback',
      'http://localhost/callback',
      'http://[::1]/callback',
    ],
  },
];

export const STATIC_CLIENT_IDS: ReadonlySet<string> = new Set(
  STATIC_CLIENTS.map((client) => client.client_id),
);

/** Clients that may redirect to any loopback port and path. */
export const ANY_LOOPBACK_PATH_CLIENTS: ReadonlySet<string> = new Set([CODE_EDITOR_CLIENT_ID]);

/** The product web app's client as `AuthConfig.webClient` names it. */
export interface WebClientSettings {
  clientId: string;
  clientSecret: string;
  appUrl: string;
}

/**
 * The product web app (SPEC section 9): a first-party confidential client (client_secret_basic),
 * OpenID Connect sign-in only (no refresh tokens, no MCP resource), sign-out back to the app.
 * It is never shown a consent page, and the private beta does not apply to it.
 */
export function webClientMetadata(web: WebClientSettings): ClientMetadata {
  return {
    client_id: web.clientId,
    client_secret: web.clientSecret,
    client_name: 'Ask Analyst web app',
    // OpenID Connect sign-in only: no MCP scope is added to its requests (SPEC section 9).
    scope: 'openid',
    application_type: 'web',
    token_endpoint_auth_method: 'client_secret_basic',
    grant_types: ['authorization_code'],
    response_types: ['code'],
    redirect_uris: [`${web.appUrl}/auth/callback`],
    post_logout_redirect_uris: [`${web.appUrl}/signed-out`],
  };
}
