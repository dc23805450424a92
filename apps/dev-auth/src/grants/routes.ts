import { timingSafeEqual, createHash } from 'node:crypto';
import {
  CLIENT_POLICY_MODES,
  getClientPolicy,
  setClientPolicy,
  type Queryable,
} from '@ask-analyst/workspace';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import {
  describeClient,
  listUserGrants,
  revokeDisallowedGrants,
  revokeUserClientGrants,
} from './grant-store.js';

/** Where the grant interface lives; the provider's paths (`/oauth/*`) never overlap it. */
export const GRANT_API_PREFIX = '/internal/v1';

export interface GrantRoutesOptions {
  provider: Provider;
  db: Queryable;
  /** The web app's client credentials: the only caller (HTTP Basic, as at the token endpoint). */
  webClient: { clientId: string; clientSecret: string };
}

const UserId = z.string().regex(/^usr_[\w-]{1,64}$/);
const OrgId = z.string().regex(/^org_[\w-]{1,64}$/);
const ClientId = z.string().min(1).max(512);

const PolicyBody = z.object({
  mode: z
    .enum(CLIENT_POLICY_MODES as [string, ...string[]])
    .transform((mode) => mode as (typeof CLIENT_POLICY_MODES)[number]),
  allowedClientIds: z.array(ClientId).max(200).default([]),
  actorId: UserId.nullable().default(null),
});

class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The grant interface (docs/decisions/122-grant-interface-over-http.md): the authorization server
 * owns grants and tokens, and the web app lists and revokes them only through these routes,
 * authenticated with the web app's own client credentials. JSON in and out, errors as
 * `{ error: { code, message } }`, never cached.
 */
export async function grantRoutes(app: FastifyInstance, options: GrantRoutesOptions) {
  const { provider, db, webClient } = options;
  const expected = digest(basic(webClient.clientId, webClient.clientSecret));

  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const header = request.headers.authorization ?? '';
        if (!timingSafeEqual(digest(header), expected)) {
          throw new ApiError(401, 'unauthorized', 'the grant interface needs the web client');
        }
      });
      scope.setErrorHandler(async (error, request, reply) => {
        if (error instanceof ApiError) {
          return reply
            .code(error.statusCode)
            .send({ error: { code: error.code, message: error.message } });
        }
        const status = (error as { statusCode?: unknown }).statusCode;
        if (typeof status === 'number' && status >= 400 && status < 500) {
          return reply
            .code(status)
            .send({ error: { code: 'bad_request', message: 'bad request' } });
        }
        request.log.error({ err: error }, 'grant interface failed');
        return reply.code(500).send({ error: { code: 'internal', message: 'internal error' } });
      });

      scope.get('/users/:userId/grants', async (request) => {
        const userId = parse(UserId, (request.params as { userId: string }).userId);
        return { grants: await listUserGrants(db, provider, userId, webClient.clientId) };
      });

      scope.delete('/users/:userId/grants/:clientId', async (request) => {
        const params = request.params as { userId: string; clientId: string };
        const userId = parse(UserId, params.userId);
        const clientId = parse(ClientId, params.clientId);
        if (clientId === webClient.clientId) {
          throw new ApiError(400, 'bad_request', 'the web app is not a connected app');
        }
        const revoked = await revokeUserClientGrants(db, userId, clientId);
        request.log.info({ userId, clientId, revoked }, 'grants revoked');
        return { revoked };
      });

      scope.get('/clients', async (request: FastifyRequest<{ Querystring: { id?: unknown } }>) => {
        const raw = request.query.id;
        const ids = parse(z.array(ClientId).max(100), raw === undefined ? [] : [raw].flat());
        return {
          clients: await Promise.all([...new Set(ids)].map((id) => describeClient(provider, id))),
        };
      });

      scope.get('/organizations/:orgId/client-policy', async (request) => {
        const orgId = parse(OrgId, (request.params as { orgId: string }).orgId);
        return { policy: await getClientPolicy(db, orgId) };
      });

      scope.put('/organizations/:orgId/client-policy', async (request, reply: FastifyReply) => {
        const orgId = parse(OrgId, (request.params as { orgId: string }).orgId);
        const body = parse(PolicyBody, request.body);
        const { exists } = (
          await db.query<{ exists: boolean }>(
            'select exists (select 1 from organizations where id = $1) as exists',
            [orgId],
          )
        ).rows[0]!;
        if (!exists) throw new ApiError(404, 'not_found', 'no such organization');
        const policy = await setClientPolicy(db, orgId, body, body.actorId);
        // Tightening revokes the grants of clients no longer allowed (SPEC section 9).
        const revoked = await revokeDisallowedGrants(db, orgId, policy, webClient.clientId);
        request.log.info(
          { orgId, mode: policy.mode, revoked: revoked.length },
          'client policy set',
        );
        return reply.send({ policy, revoked });
      });
    },
    { prefix: GRANT_API_PREFIX },
  );
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError(400, 'bad_request', 'the request is malformed');
  return result.data;
}

function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}

/** Fixed-length digests, so comparing them takes the same time whatever was sent. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
