import type { Database } from '@ask-analyst/workspace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test-support/fixtures.js';
import { DatabaseAdapter, purgeExpiredModels, storedIdFor } from './adapter.js';

describe('DatabaseAdapter', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  const rows = async (model: string) =>
    (
      await db.query<{
        id: string;
        payload: Record<string, unknown>;
        grant_id: string | null;
        account_id: string | null;
      }>('select id, payload, grant_id, account_id from oidc_models where model = $1', [model])
    ).rows;

  it('keys credentials by their hash and never stores the value', async () => {
    const tokens = new DatabaseAdapter(db, 'RefreshToken');
    const value = 'rt-value-0123456789-abcdefghijklmnopqrstuvw';
    await tokens.upsert(
      value,
      { jti: value, grantId: 'g1', accountId: 'usr_1', kind: 'RefreshToken' },
      60,
    );
    const [row] = await rows('RefreshToken');
    expect(row?.id).toBe(storedIdFor('RefreshToken', value));
    expect(row?.id).not.toBe(value);
    expect(JSON.stringify(row)).not.toContain(value);
    expect(row).toMatchObject({ grant_id: 'g1', account_id: 'usr_1' });
    expect(await tokens.find(value)).toMatchObject({
      jti: value,
      grantId: 'g1',
      accountId: 'usr_1',
    });
    expect(await tokens.find(row?.id ?? '')).toBeUndefined();
  });

  it('keeps non-credential ids as they are', async () => {
    const clients = new DatabaseAdapter(db, 'Client');
    await clients.upsert('client-1', {
      client_id: 'client-1',
      redirect_uris: ['http://localhost/cb'],
    });
    expect((await rows('Client')).map((r) => r.id)).toContain('client-1');
    expect(await clients.find('client-1')).toMatchObject({ client_id: 'client-1' });
  });

  it('marks consumption in the row and the payload', async () => {
    const codes = new DatabaseAdapter(db, 'AuthorizationCode');
    await codes.upsert('code-1', { jti: 'code-1', grantId: 'g2' }, 60);
    await codes.consume('code-1');
    const found = await codes.find('code-1');
    expect(typeof found?.consumed).toBe('number');
    const consumed = await db.query(
      'select 1 from oidc_models where model = $1 and consumed_at is not null',
      ['AuthorizationCode'],
    );
    expect(consumed.rowCount).toBe(1);
    // A second use (e.g. a concurrent one) loses.
    await expect(codes.consume('code-1')).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('treats expired rows as absent and purges them', async () => {
    const sessions = new DatabaseAdapter(db, 'Interaction');
    await sessions.upsert('gone', { jti: 'gone' }, 60);
    await db.query(
      "update oidc_models set expires_at = now() - interval '1 second' where model = 'Interaction'",
    );
    expect(await sessions.find('gone')).toBeUndefined();
    expect(await purgeExpiredModels(db)).toBeGreaterThanOrEqual(1);
    expect(await rows('Interaction')).toHaveLength(0);
  });

  it('finds sessions by uid and drops the session cookie value an interaction copies', async () => {
    const sessions = new DatabaseAdapter(db, 'Session');
    await sessions.upsert(
      'cookie-value',
      { jti: 'cookie-value', uid: 'uid-1', accountId: 'usr_2' },
      60,
    );
    expect(await sessions.findByUid('uid-1')).toMatchObject({ uid: 'uid-1', accountId: 'usr_2' });
    const interactions = new DatabaseAdapter(db, 'Interaction');
    await interactions.upsert(
      'i-1',
      { jti: 'i-1', session: { accountId: 'usr_2', uid: 'uid-1', cookie: 'cookie-value' } },
      60,
    );
    expect(JSON.stringify(await rows('Interaction'))).not.toContain('cookie-value');
  });

  it('revokes by grant id and destroys by id', async () => {
    const access = new DatabaseAdapter(db, 'AccessToken');
    await access.upsert('at-1', { jti: 'at-1', grantId: 'g3' }, 60);
    await access.upsert('at-2', { jti: 'at-2', grantId: 'g4' }, 60);
    await access.revokeByGrantId('g3');
    expect(await access.find('at-1')).toBeUndefined();
    expect(await access.find('at-2')).toBeDefined();
    await access.destroy('at-2');
    expect(await access.find('at-2')).toBeUndefined();
  });

  it('upserts in place', async () => {
    const grants = new DatabaseAdapter(db, 'Grant');
    await grants.upsert('grant-1', { jti: 'grant-1', accountId: 'usr_3', clientId: 'c' }, 60);
    await grants.upsert(
      'grant-1',
      { jti: 'grant-1', accountId: 'usr_3', clientId: 'c', scope: 'x' },
      120,
    );
    expect((await rows('Grant')).filter((r) => r.id === 'grant-1')).toHaveLength(1);
    expect(await grants.find('grant-1')).toMatchObject({ scope: 'x' });
  });
});
