import { CLIENT_POLICY_MODES, type Database } from '@ask-analyst/workspace';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireOrganizationOwner } from '../auth/owner.js';
import type { GrantApi } from '../grants/grant-api.js';
import { notFound, parseInput } from './errors.js';
import { handle } from './handle.js';

export interface GrantRoutesOptions {
  db: Database;
  grants: GrantApi;
}

/** A client id as the authorization server issues them (DCR ids, metadata-document URLs). */
const ClientIdSchema = z.string().trim().min(1).max(512);

/** The owner's client policy form (SPEC section 9: any, pre-registered only, or a list). */
export const ClientPolicyInputSchema = z.object({
  mode: z.enum(CLIENT_POLICY_MODES as ['any', 'pre_registered', 'allow_list']),
  allowedClientIds: z.array(ClientIdSchema).max(200).default([]),
});

/**
 * Connected apps (every user, their own grants) and the organization's client policy (owners
 * only), both through the authorization server's grant interface: this app never reads or
 * writes the provider's tables.
 */
export async function grantRoutes(app: FastifyInstance, options: GrantRoutesOptions) {
  const { db, grants } = options;
  const principalOf = (request: FastifyRequest) => request.webSession!.principal;
  app.get(
    '/api/connected-apps',
    handle(async (request) => ({ apps: await grants.listGrants(principalOf(request).userId) })),
  );

  // Disconnect: the grant, its refresh tokens, and (within 30 s) its access tokens for this user.
  app.post(
    '/api/connected-apps/:clientId/disconnect',
    handle(async (request: FastifyRequest<{ Params: { clientId: string } }>) => {
      const clientId = parseInput(ClientIdSchema, request.params.clientId);
      const userId = principalOf(request).userId;
      const known = (await grants.listGrants(userId)).some((app) => app.clientId === clientId);
      if (!known) throw notFound();
      const revoked = await grants.revokeGrant(userId, clientId);
      request.log.info({ clientId, revoked }, 'connected app disconnected');
      return { disconnected: clientId };
    }),
  );

  app.get(
    '/api/admin/client-policy',
    handle(async (request) => {
      const principal = principalOf(request);
      await requireOrganizationOwner(db, request);
      return {
        organization: { id: principal.orgId, name: principal.orgName },
        policy: await grants.getClientPolicy(principal.orgId),
      };
    }),
  );

  app.put(
    '/api/admin/client-policy',
    handle(async (request: FastifyRequest<{ Body: unknown }>) => {
      const principal = principalOf(request);
      await requireOrganizationOwner(db, request);
      const input = parseInput(ClientPolicyInputSchema, request.body ?? {});
      // The actor is the session's user, never a field of the request.
      const result = await grants.setClientPolicy(principal.orgId, input, principal.userId);
      request.log.info(
        { mode: result.policy.mode, revoked: result.revoked.length },
        'client policy changed',
      );
      return { policy: result.policy, revokedGrants: result.revoked.length };
    }),
  );
}
