import type { Queryable } from '@ask-analyst/workspace';
import { interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { AuthConfig } from '../config.js';
import { logoutPage, messagePage, nextStepForProviderError } from '../interactions/pages.js';
import { createExtraTokenClaims, createFindAccount } from './accounts.js';
import { createAdapterFactory } from './adapter.js';
import {
  CLIENT_METADATA_DOCUMENT_LIMIT,
  clientIdMetadataDocument,
  providerFetch,
  type ProviderFetch,
} from './client-id-metadata.js';
import { STATIC_CLIENTS, webClientMetadata } from './clients.js';
import { createLoadExistingGrant, createRevokeGrantPolicy } from './grants.js';
import type { SigningKeys } from './keys.js';
import { validateRedirectUris } from './redirect-uris.js';
import {
  MCP_SCOPES,
  refuseUnknownResource,
  refuseUnknownResourceBeforeCodeLookup,
  resourceIndicators,
} from './resource-indicators.js';

const DAY = 24 * 60 * 60;

/** Where the provider's endpoints live (SPEC section 3 and the seed's `/oauth/authorize`). */
export const ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  jwks: '/jwks',
  end_session: '/oauth/logout',
} as const;

/** The path of an interaction's pages (sign-in and consent); the provider sets its cookie on it. */
export const interactionPath = (uid: string) => `/interaction/${uid}`;

export interface ProviderConfigurationInput {
  config: AuthConfig;
  db: Queryable;
  keys: SigningKeys;
  cookieKeys: string[];
  fetch?: ProviderFetch | undefined;
}

/**
 * The oidc-provider configuration: authorization code + PKCE (S256) only, public clients with
 * rotating refresh tokens, JWT access tokens for the one MCP resource, everything stored in the
 * database, and this app's own sign-in and consent pages.
 */
export function providerConfiguration(input: ProviderConfigurationInput): Configuration {
  const { config, db, keys } = input;
  const cimd = { allowPrivateHosts: config.cimdAllowPrivateHosts, fetch: input.fetch };
  return {
    adapter: (model: string) => {
      const adapter = createAdapterFactory(db)(model);
      return model === 'AuthorizationCode'
        ? refuseUnknownResourceBeforeCodeLookup(adapter, config.mcpResource)
        : adapter;
    },
    clients: [
      ...STATIC_CLIENTS,
      ...(config.webClient ? [webClientMetadata(config.webClient)] : []),
    ],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'ES256',
    },
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    clientBasedCORS,
    responseTypes: ['code'],
    // OAuth 2.1 section 4.1.1: PKCE for every client; the provider only implements S256.
    pkce: { required: () => true },
    // The MCP scopes are listed here too so clients may register them (RFC 7591 `scope`).
    scopes: ['openid', 'offline_access', ...MCP_SCOPES],
    claims: { openid: ['sub'] },
    jwks: { keys: keys.keys },
    cookies: {
      keys: input.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    enabledJWA: {
      idTokenSigningAlgValues: ['ES256'],
      authorizationSigningAlgValues: ['ES256'],
      userinfoSigningAlgValues: ['ES256'],
      introspectionSigningAlgValues: ['ES256'],
    },
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      // The web app's sign-out ends the provider's session too (SPEC section 9).
      rpInitiatedLogout: {
        enabled: Boolean(config.webClient),
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = messagePage({
            title: 'Signed out',
            message: 'You are signed out of Ask Analyst.',
          });
        },
      },
      userinfo: { enabled: false },
      introspection: { enabled: false },
      revocation: { enabled: true, allowedPolicy: revocationAllowed },
      registration: {
        enabled: true,
        initialAccessToken: false,
        issueRegistrationAccessToken: false,
      },
      resourceIndicators: resourceIndicators({
        resource: config.mcpResource,
        noResourceClientId: config.webClient?.clientId,
        accessTokenTtl: config.accessTokenTtl,
        signingKid: keys.signingKid,
      }),
      clientIdMetadataDocument: clientIdMetadataDocument(cimd),
    },
    fetch: providerFetch(cimd),
    fetchResponseBodyLimits: { 'client_id metadata document': CLIENT_METADATA_DOCUMENT_LIMIT },
    extraClientMetadata: { properties: ['redirect_uris'], validator: validateRedirectUris },
    routes: ROUTES,
    ttl: {
      AccessToken: config.accessTokenTtl,
      AuthorizationCode: 60,
      ClientCredentials: config.accessTokenTtl,
      DeviceCode: 10 * 60,
      BackchannelAuthenticationRequest: 10 * 60,
      PreAuthorizedCode: 10 * 60,
      IdToken: 60 * 60,
      Interaction: 30 * 60,
      Session: 14 * DAY,
      // Each rotation gets a fresh idle window; the grant's lifetime caps the chain.
      RefreshToken: 14 * DAY,
      Grant: 90 * DAY,
    },
    // Refresh tokens for every client allowed the grant, without offline_access (SPEC section 3).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // OAuth 2.1 section 4.3.1: rotate on every use; reuse of a consumed one revokes the grant. The
    // provider asks just before it consumes the token, after every other check but the resource one:
    // a bad `resource` is refused here so that it cannot burn the token (see refuseUnknownResource).
    rotateRefreshToken: (ctx) => {
      refuseUnknownResource(ctx, config.mcpResource);
      return true;
    },
    // A sign-in outlives the browser session that made it: tokens are not bound to that session.
    expiresWithSession: () => false,
    findAccount: createFindAccount(db, config.webClient?.clientId),
    extraTokenClaims: createExtraTokenClaims(db),
    loadExistingGrant: createLoadExistingGrant(db, config.webClient?.clientId),
    interactions: {
      policy: interactionPolicyFor(),
      url: (_ctx, interaction) => interactionPath(interaction.uid),
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = messagePage({
        title: 'This sign-in request cannot be used',
        message: out.error_description ?? out.error,
        nextStep: nextStepForProviderError(out.error),
      });
    },
    // A grant revoked by the provider (a replayed refresh token or code, a revoked refresh token)
    // takes that client's access tokens for this user with it (SPEC section 9).
    revokeGrantPolicy: createRevokeGrantPolicy(db, config.webClient?.clientId),
    clockTolerance: 5,
  };
}

/**
 * The default prompts, changed twice: consent is remembered for native clients too (SPEC section 3:
 * a grant, once approved, is not asked again), and a session whose account can no longer be used
 * (revoked, not enrolled) asks for sign-in again instead of going on.
 */
function interactionPolicyFor() {
  const { Check, base } = interactionPolicy;
  const policy = base();
  policy.get('consent')?.checks.remove('native_client_prompt');
  policy
    .get('login')
    ?.checks.add(
      new Check('account_unavailable', 'the signed-in account can no longer be used', (ctx) =>
        Boolean(ctx.oidc.session?.accountId) && !ctx.oidc.account
          ? Check.REQUEST_PROMPT
          : Check.NO_NEED_TO_PROMPT,
      ),
    );
  return policy;
}

/** Browser-based public clients may call the token and revocation endpoints from their redirect origins. */
function clientBasedCORS(
  _ctx: KoaContextWithOIDC,
  origin: string,
  client: { redirectUris?: readonly string[] | undefined; clientAuthMethod?: string },
): boolean {
  if (origin === 'null') return false;
  return (client.redirectUris ?? []).some((uri) => URL.parse(uri)?.origin === origin);
}

/** RFC 7009 section 2.1: a client revokes only its own tokens (others' are silently ignored). */
function revocationAllowed(
  _ctx: KoaContextWithOIDC,
  client: { clientId: string },
  token: { clientId?: string | undefined },
): boolean {
  return token.clientId === client.clientId;
}
