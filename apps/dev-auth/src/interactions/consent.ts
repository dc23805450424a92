import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import { STATIC_CLIENT_IDS } from '../provider/clients.js';
import {
  MCP_SCOPES,
  OPTIONAL_SCOPES,
  SCOPE_DESCRIPTIONS,
} from '../provider/resource-indicators.js';
import type { ClientDisplay, ConsentScope } from './pages.js';

/** What a consent prompt asks for, read from the interaction. */
export interface ConsentRequest {
  /** Per resource indicator, the scopes to decide on. */
  resourceScopes: Record<string, string[]>;
  /** Scopes of the grant's OpenID side to decide on (the MCP scopes are registrable scopes too). */
  oidcScopes: string[];
  oidcClaims: string[];
}

/**
 * The scopes not granted yet; when nothing is missing (the client sent `prompt=consent`), every
 * requested MCP scope, so the user can change an earlier answer (e.g. upgrade a read-only grant).
 */
export function consentRequest(interaction: Interaction): ConsentRequest {
  const details = interaction.prompt.details;
  const request: ConsentRequest = {
    resourceScopes: asScopeMap(details.missingResourceScopes),
    oidcScopes: asStrings(details.missingOIDCScope),
    oidcClaims: asStrings(details.missingOIDCClaims),
  };
  const { resource, scope } = interaction.params;
  const nothingMissing =
    Object.keys(request.resourceScopes).length === 0 && request.oidcScopes.length === 0;
  if (nothingMissing && typeof resource === 'string') {
    const requested = (typeof scope === 'string' ? scope : '').split(' ');
    const mcp = MCP_SCOPES.filter((name) => requested.includes(name));
    if (mcp.length > 0) return { ...request, resourceScopes: { [resource]: mcp }, oidcScopes: mcp };
  }
  return request;
}

/** The client as the pages show it; only pre-registered clients count as verified. */
export async function clientDisplay(provider: Provider, clientId: string): Promise<ClientDisplay> {
  const client = await provider.Client.find(clientId);
  return {
    name: client?.clientName || clientId,
    id: clientId,
    unverified: !STATIC_CLIENT_IDS.has(clientId),
  };
}

/** The MCP scopes the consent page lists (`openid` and `offline_access` need no decision). */
export function consentScopes(request: ConsentRequest): ConsentScope[] {
  const asked = new Set([...Object.values(request.resourceScopes).flat(), ...request.oidcScopes]);
  return MCP_SCOPES.filter((name) => asked.has(name)).map((name) => ({
    name,
    description: SCOPE_DESCRIPTIONS[name],
    optional: OPTIONAL_SCOPES.has(name),
  }));
}

/**
 * Records the user's consent on the grant for this user and client (created when there is none):
 * every requested scope is granted except optional ones the user unticked, which are recorded as
 * rejected so the same request does not prompt again (and a scope ticked now is no longer
 * rejected). Returns the grant id; null, with nothing recorded, when the grant would leave the
 * request with none of its scopes (a client asked only for optional scopes and the user unticked
 * them): oidc-provider answers such a consent `access_denied` anyway, by the same rule, and
 * remembered, its rejections would refuse that client's later requests without showing the page.
 */
export async function grantConsent(
  provider: Provider,
  interaction: Interaction,
  chosen: ReadonlySet<string>,
): Promise<string | null> {
  const accountId = interaction.session?.accountId;
  const clientId = interaction.params.client_id;
  if (!accountId || typeof clientId !== 'string')
    throw new Error('consent without a signed-in user');
  const request = consentRequest(interaction);
  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId });
  const decide = (scopes: string[]) => {
    const granted = scopes.filter((scope) => !OPTIONAL_SCOPES.has(scope) || chosen.has(scope));
    return { granted, rejected: scopes.filter((scope) => !granted.includes(scope)) };
  };

  const oidc = decide(request.oidcScopes);
  if (oidc.granted.length > 0) grant.addOIDCScope(oidc.granted);
  if (oidc.rejected.length > 0) grant.rejectOIDCScope(oidc.rejected);
  if (grant.rejected?.openid?.scope) {
    grant.rejected.openid.scope = without(grant.rejected.openid.scope, oidc.granted);
  }
  if (request.oidcClaims.length > 0) grant.addOIDCClaims(request.oidcClaims);

  for (const [indicator, scopes] of Object.entries(request.resourceScopes)) {
    const { granted, rejected } = decide(scopes);
    if (granted.length > 0) grant.addResourceScope(indicator, granted);
    if (rejected.length > 0) grant.rejectResourceScope(indicator, rejected);
    const earlier = grant.rejected?.resources?.[indicator];
    if (earlier && grant.rejected?.resources) {
      grant.rejected.resources[indicator] = without(earlier, granted);
    }
  }
  return grantsAnyAsked(grant, interaction, Object.keys(request.resourceScopes))
    ? grant.save()
    : null;
}

/**
 * Whether the grant gives the request any scope it asked for, OpenID or of a resource: the rule by
 * which oidc-provider refuses an authorization that resolved with nothing granted.
 */
function grantsAnyAsked(
  grant: InstanceType<Provider['Grant']>,
  interaction: Interaction,
  indicators: string[],
): boolean {
  const { scope, resource } = interaction.params;
  const asked = new Set(typeof scope === 'string' ? scope.split(' ') : []);
  // A client may repeat `resource` (the same one; any other is refused): a string or a list.
  const named = [resource ?? []].flat().filter((item): item is string => typeof item === 'string');
  const resources = new Set([...indicators, ...named]);
  return (
    Boolean(grant.getOIDCScopeFiltered(asked)) ||
    [...resources].some((indicator) => Boolean(grant.getResourceScopeFiltered(indicator, asked)))
  );
}

/** A space-separated scope string minus `scopes`. */
function without(scope: string, scopes: string[]): string {
  return scope
    .split(' ')
    .filter((item) => item && !scopes.includes(item))
    .join(' ');
}

function asStrings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

function asScopeMap(value: unknown): Record<string, string[]> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(Object.entries(value).map(([key, scopes]) => [key, asStrings(scopes)]));
}
