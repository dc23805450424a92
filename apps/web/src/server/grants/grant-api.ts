import type { ClientPolicy, ClientPolicyMode } from '@ask-analyst/workspace';
import { ApiError } from '../api/errors.js';

/** One client the user has granted, as the authorization server describes it (SPEC section 9). */
export interface ConnectedApp {
  clientId: string;
  clientName: string;
  verified: boolean;
  scopes: string[];
  grantedAt: string;
  lastUsedAt: string | null;
}

export interface ClientName {
  clientId: string;
  clientName: string;
  verified: boolean;
}

/**
 * The authorization server's grant interface as the web app uses it: the only way this app sees or
 * changes grants (docs/decisions/122-grant-interface-over-http.md). Every failure is an
 * `ApiError('unavailable')` so the pages say the service cannot be reached, never a stack trace.
 */
export interface GrantApi {
  listGrants(userId: string): Promise<ConnectedApp[]>;
  /** Revokes every grant of this (user, client) and its tokens; returns how many grants went. */
  revokeGrant(userId: string, clientId: string): Promise<number>;
  /** Names of clients; an id the server does not know comes back named by itself. */
  describeClients(clientIds: readonly string[]): Promise<ClientName[]>;
  getClientPolicy(orgId: string): Promise<ClientPolicy>;
  setClientPolicy(
    orgId: string,
    policy: { mode: ClientPolicyMode; allowedClientIds: string[] },
    actorId: string,
  ): Promise<{ policy: ClientPolicy; revoked: Array<{ userId: string; clientId: string }> }>;
}

export interface HttpGrantApiOptions {
  /** The authorization server's origin (AUTH_URL). */
  authUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** The grant interface over HTTP, authenticated with this app's client credentials. */
export function httpGrantApi(options: HttpGrantApiOptions): GrantApi {
  const doFetch = options.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(
    `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`,
  ).toString('base64')}`;
  const call = async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
    let response: Response;
    try {
      response = await doFetch(new URL(`/internal/v1${path}`, options.authUrl), {
        method: init.method ?? 'GET',
        headers: {
          authorization,
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? null : JSON.stringify(init.body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch {
      throw new ApiError('unavailable', 'The sign-in service cannot be reached. Try again.');
    }
    if (!response.ok) {
      throw new ApiError(
        'unavailable',
        `The sign-in service refused the request (${response.status}). Try again.`,
      );
    }
    return (await response.json()) as T;
  };
  const user = (userId: string) => `/users/${encodeURIComponent(userId)}`;
  const org = (orgId: string) => `/organizations/${encodeURIComponent(orgId)}/client-policy`;
  return {
    listGrants: async (userId) =>
      (await call<{ grants: ConnectedApp[] }>(`${user(userId)}/grants`)).grants,
    revokeGrant: async (userId, clientId) =>
      (
        await call<{ revoked: number }>(`${user(userId)}/grants/${encodeURIComponent(clientId)}`, {
          method: 'DELETE',
        })
      ).revoked,
    describeClients: async (clientIds) => {
      const ids = [...new Set(clientIds)];
      if (ids.length === 0) return [];
      const query = new URLSearchParams(ids.map((id): [string, string] => ['id', id]));
      return (await call<{ clients: ClientName[] }>(`/clients?${query.toString()}`)).clients;
    },
    getClientPolicy: async (orgId) => (await call<{ policy: ClientPolicy }>(org(orgId))).policy,
    setClientPolicy: (orgId, policy, actorId) =>
      call(org(orgId), { method: 'PUT', body: { ...policy, actorId } }),
  };
}
