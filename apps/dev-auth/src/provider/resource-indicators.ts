import Provider, {
  errors,
  type Adapter,
  type KoaContextWithOIDC,
  type ResourceServer,
} from 'oidc-provider';

/** The scopes of the MCP resource (SPEC section 3); a request naming none of them gets both. */
export const MCP_SCOPES = ['workbooks.read', 'analyses.write'] as const;
export type McpScope = (typeof MCP_SCOPES)[number];

/** What each scope lets a client do, as the consent page says it. */
export const SCOPE_DESCRIPTIONS: Record<McpScope, string> = {
  'workbooks.read': 'See your workbooks and worksheets, read their data and your past analyses',
  'analyses.write': 'Ask Analyst questions on your behalf, follow up and cancel analyses',
};

/** Scopes the user may leave out on the consent page (a read-only connection). */
export const OPTIONAL_SCOPES: ReadonlySet<string> = new Set<McpScope>(['analyses.write']);

export interface ResourceIndicatorOptions {
  /** `${MCP_URL}/mcp`, the one resource this server issues tokens for. */
  resource: string;
  accessTokenTtl: number;
  /** The key that signs access tokens. */
  signingKid: string;
  /** The first-party web app: it asks for no resource and gets none by default (SPEC section 9). */
  noResourceClientId?: string | undefined;
}

/**
 * RFC 8707 resource indicators: the MCP endpoint is the one known resource and the default for
 * requests that name none; its access tokens are ES256-signed JWTs (`typ: at+jwt`, RFC 9068) with
 * `aud` the resource itself. Any other resource is `invalid_target`.
 */
export function resourceIndicators(options: ResourceIndicatorOptions) {
  const info: ResourceServer = {
    scope: MCP_SCOPES.join(' '),
    audience: options.resource,
    accessTokenTTL: options.accessTokenTtl,
    accessTokenFormat: 'jwt',
    jwt: { sign: { alg: 'ES256', kid: options.signingKid } },
  };
  return {
    enabled: true,
    defaultResource: (
      _ctx: KoaContextWithOIDC,
      client: { clientId?: string } | undefined,
      oneOf?: readonly string[],
    ) =>
      client?.clientId !== undefined && client.clientId === options.noResourceClientId
        ? oneOf
        : (oneOf ?? options.resource),
    useGrantedResource: () => true,
    getResourceServerInfo: (_ctx: KoaContextWithOIDC, indicator: string) => {
      if (indicator !== options.resource) {
        throw new errors.InvalidTarget(
          `unknown resource; this server issues tokens for ${options.resource} only`,
        );
      }
      return info;
    },
  };
}

/**
 * Refuses (`invalid_target`) a token request whose `resource` parameter is present and is not
 * exactly the MCP resource. oidc-provider's refresh_token grant consumes the refresh token before it
 * resolves the resource, so its own refusal comes too late: the token is spent, and the client's
 * retry without the parameter counts as reuse and revokes the whole grant. Called from the
 * `rotateRefreshToken` hook, which runs after the provider parsed the request and before it
 * consumes the token.
 */
export function refuseUnknownResource(ctx: KoaContextWithOIDC, resource: string): void {
  const asked: unknown = ctx.oidc.params?.resource;
  if (asked !== undefined && asked !== resource) {
    throw new errors.InvalidTarget(
      `unknown resource; this server issues tokens for ${resource} only`,
    );
  }
}

/**
 * The scope to request on the client's behalf. A request that names none of the MCP scopes (none
 * at all, or only `openid`/`offline_access`) asks for both, or for those of them the client
 * registered when it registered a `scope` (SPEC section 3; RFC 6749 section 3.3). `offline_access`
 * is dropped when the client's registration does not allow it: refresh tokens are issued without
 * it anyway, so asking for it must not fail the request.
 */
export function withDefaultScopes(scope: string | undefined, registered?: string): string {
  const allowed = registered === undefined ? undefined : new Set(registered.split(' '));
  const requested = (scope ?? '')
    .split(' ')
    .filter((item) => item && (item !== 'offline_access' || allowed?.has(item) !== false));
  if (requested.some((item) => (MCP_SCOPES as readonly string[]).includes(item))) {
    return requested.join(' ');
  }
  const defaults = MCP_SCOPES.filter((item) => allowed?.has(item) !== false);
  return [...requested, ...defaults].join(' ');
}

/**
 * The same refusal for authorization codes: the `authorization_code` grant consumes the code before
 * it resolves the resource, and a consumed code can never be exchanged again (reusing it revokes
 * the grant). The grant looks the code up through this adapter once the request's parameters are
 * parsed, so the lookup is where a bad `resource` is refused, before anything is spent
 * (`Provider.ctx` is the provider's own request context).
 */
export function refuseUnknownResourceBeforeCodeLookup(adapter: Adapter, resource: string): Adapter {
  const find = adapter.find.bind(adapter);
  return Object.assign(Object.create(adapter) as Adapter, {
    find(id: string) {
      const ctx = Provider.ctx;
      if (ctx?.oidc?.route === 'token') refuseUnknownResource(ctx, resource);
      return find(id);
    },
  });
}
