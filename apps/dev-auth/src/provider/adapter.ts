import { createHash } from 'node:crypto';
import type { Queryable } from '@ask-analyst/workspace';
import { type Adapter, type AdapterPayload, errors } from 'oidc-provider';

/**
 * Models whose id is itself a credential (a token, a code, a session cookie): their rows are keyed
 * by the SHA-256 of the value and the value is never written, so reading the table yields nothing
 * a client could present (SPEC section 3).
 */
const HASHED_MODELS = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'ClientCredentials',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'InitialAccessToken',
  'RegistrationAccessToken',
  'PushedAuthorizationRequest',
  'PreAuthorizedCode',
  'Session',
]);

interface ModelRow {
  payload: AdapterPayload;
  consumed_at: Date | string | null;
}

/** SHA-256 of a stored credential, as it appears in `oidc_models.id`. */
export function storedIdFor(model: string, id: string): string {
  return HASHED_MODELS.has(model) ? createHash('sha256').update(id).digest('base64url') : id;
}

/**
 * The oidc-provider adapter over the `oidc_models` table; works on PGlite and Postgres alike.
 * Expired rows read as absent; `purgeExpiredModels` deletes them.
 */
export class DatabaseAdapter implements Adapter {
  private readonly hashed: boolean;

  constructor(
    private readonly db: Queryable,
    private readonly model: string,
  ) {
    this.hashed = HASHED_MODELS.has(model);
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const stored = this.forStorage(payload);
    await this.db.query(
      `insert into oidc_models (model, id, payload, grant_id, user_code, uid, account_id, expires_at, consumed_at)
       values ($1, $2, $3::jsonb, $4, $5, $6, $7,
         case when $8::integer is null then null else now() + make_interval(secs => $8::integer) end,
         case when $9::boolean then now() else null end)
       on conflict (model, id) do update set
         payload = excluded.payload, grant_id = excluded.grant_id, user_code = excluded.user_code,
         uid = excluded.uid, account_id = excluded.account_id, expires_at = excluded.expires_at,
         consumed_at = coalesce(oidc_models.consumed_at, excluded.consumed_at)`,
      [
        this.model,
        storedIdFor(this.model, id),
        JSON.stringify(stored),
        payload.grantId ?? null,
        payload.userCode ?? null,
        payload.uid ?? null,
        payload.accountId ?? null,
        typeof expiresIn === 'number' ? Math.ceil(expiresIn) : null,
        payload.consumed != null,
      ],
    );
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const { rows } = await this.db.query<ModelRow>(
      `select payload, consumed_at from oidc_models
       where model = $1 and id = $2 and (expires_at is null or expires_at > now())`,
      [this.model, storedIdFor(this.model, id)],
    );
    const row = rows[0];
    return row ? this.fromStorage(row, id) : undefined;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findBy('uid', uid);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findBy('user_code', userCode);
  }

  /**
   * Marks a code or refresh token used. Only one of two concurrent uses wins: the loser gets
   * `invalid_grant`, as a reuse would (OAuth 2.1 sections 4.1.3 and 4.3.1).
   */
  async consume(id: string): Promise<void> {
    const result = await this.db.query(
      `update oidc_models
       set consumed_at = now(), payload = payload || jsonb_build_object('consumed', extract(epoch from now())::bigint)
       where model = $1 and id = $2 and consumed_at is null`,
      [this.model, storedIdFor(this.model, id)],
    );
    if (result.rowCount === 0) throw new errors.InvalidGrant('grant already used');
  }

  async destroy(id: string): Promise<void> {
    await this.db.query('delete from oidc_models where model = $1 and id = $2', [
      this.model,
      storedIdFor(this.model, id),
    ]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.query('delete from oidc_models where model = $1 and grant_id = $2', [
      this.model,
      grantId,
    ]);
  }

  private async findBy(
    column: 'uid' | 'user_code',
    value: string,
  ): Promise<AdapterPayload | undefined> {
    const { rows } = await this.db.query<ModelRow>(
      `select payload, consumed_at from oidc_models
       where model = $1 and ${column} = $2 and (expires_at is null or expires_at > now())
       limit 1`,
      [this.model, value],
    );
    const row = rows[0];
    return row ? this.fromStorage(row, undefined) : undefined;
  }

  /** Drops the raw credential from the payload (and the session cookie value an Interaction copies). */
  private forStorage(payload: AdapterPayload): AdapterPayload {
    const stored: AdapterPayload = { ...payload };
    if (this.hashed) delete stored.jti;
    if (stored.session?.cookie !== undefined) {
      stored.session = { ...stored.session };
      delete stored.session.cookie;
    }
    return stored;
  }

  /** Puts back the value the caller looked the row up by (the provider reads it as `jti`). */
  private fromStorage(row: ModelRow, id: string | undefined): AdapterPayload {
    const payload: AdapterPayload = { ...row.payload };
    if (this.hashed && id !== undefined) payload.jti = id;
    if (row.consumed_at && payload.consumed == null) {
      payload.consumed = Math.floor(new Date(row.consumed_at).getTime() / 1000);
    }
    return payload;
  }
}

/** The adapter factory oidc-provider calls once per model name. */
export function createAdapterFactory(db: Queryable): (model: string) => Adapter {
  return (model) => new DatabaseAdapter(db, model);
}

/** Deletes rows that expired (they already read as absent); returns how many went. */
export async function purgeExpiredModels(db: Queryable): Promise<number> {
  const result = await db.query(
    'delete from oidc_models where expires_at is not null and expires_at <= now()',
  );
  return result.rowCount;
}
