import { recordAudit } from '../store/ops-audit.js';
import { invalidateTokensOfUser, setUserStatus, type UserRecord } from '../store/users.js';
import { deleteUserWebSessions } from '../store/web-sessions.js';
import { checkActor, userByEmail, type OpsContext } from './context.js';

export interface UserOpsResult {
  user: UserRecord;
  /** Stored refresh tokens, grants, codes and sessions deleted. */
  deletedAuthorizations: number;
  /** The user's web app sessions ended (SPEC section 9). */
  endedWebSessions: number;
}

/**
 * Revokes a user's access (SPEC section 7): they can no longer sign in, refresh or call tools, and
 * every token they hold is invalidated, so restoring access later does not revive old tokens; their
 * web app sessions end at once. The operator command and an owner's `/admin` both run this.
 */
export async function revokeUser(ctx: OpsContext, email: string): Promise<UserOpsResult> {
  const actor = checkActor(ctx.actor);
  return ctx.db.transaction(async (tx) => {
    const user = await userByEmail(tx, email);
    await setUserStatus(tx, user.id, 'revoked');
    const invalidated = (await invalidateTokensOfUser(tx, user.id))!;
    const deletedAuthorizations = (await ctx.storedCredentials?.deleteForUser(tx, user.id)) ?? 0;
    const endedWebSessions = await deleteUserWebSessions(tx, user.id);
    await recordAudit(tx, {
      actor,
      action: 'user.revoke',
      target: user.email,
      details: {
        userId: user.id,
        previousStatus: user.status,
        deletedAuthorizations,
        endedWebSessions,
      },
    });
    return { user: invalidated, deletedAuthorizations, endedWebSessions };
  });
}

/** Restores a revoked user's access; they sign in again (old tokens stay invalid). */
export async function restoreUser(ctx: OpsContext, email: string): Promise<{ user: UserRecord }> {
  const actor = checkActor(ctx.actor);
  return ctx.db.transaction(async (tx) => {
    const user = await userByEmail(tx, email);
    const restored = (await setUserStatus(tx, user.id, 'active'))!;
    await recordAudit(tx, {
      actor,
      action: 'user.restore',
      target: user.email,
      details: { userId: user.id, previousStatus: user.status },
    });
    return { user: restored };
  });
}

/**
 * Invalidates a user's refresh tokens and outstanding access tokens without revoking access
 * (operator support, SPEC section 7): access tokens issued before this second are refused.
 */
export async function invalidateUserTokens(ctx: OpsContext, email: string): Promise<UserOpsResult> {
  const actor = checkActor(ctx.actor);
  return ctx.db.transaction(async (tx) => {
    const user = await userByEmail(tx, email);
    const invalidated = (await invalidateTokensOfUser(tx, user.id))!;
    const deletedAuthorizations = (await ctx.storedCredentials?.deleteForUser(tx, user.id)) ?? 0;
    const endedWebSessions = await deleteUserWebSessions(tx, user.id);
    await recordAudit(tx, {
      actor,
      action: 'user.invalidate_tokens',
      target: user.email,
      details: {
        userId: user.id,
        invalidBefore: invalidated.tokensInvalidBefore,
        deletedAuthorizations,
        endedWebSessions,
      },
    });
    return { user: invalidated, deletedAuthorizations, endedWebSessions };
  });
}
