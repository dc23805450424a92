import type { Database } from '@ask-analyst/workspace';
import { decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, openTestDatabase } from '../test-support/fixtures.js';
import { signInAndGetTokens, startTestServer } from '../test-support/harness.js';
import { loadSigningKeys, retireSigningKey, rotateSigningKey } from './keys.js';

describe('signing keys', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it('creates one ES256 key on first start and reuses it', async () => {
    const first = await loadSigningKeys(db, undefined);
    const second = await loadSigningKeys(db, undefined);
    expect(first.keys).toHaveLength(1);
    expect(second).toEqual(first);
    expect(first.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    const stored = await db.query('select kid from signing_keys');
    expect(stored.rows).toEqual([{ kid: first.signingKid }]);
  });

  it('after a rotation publishes old and new, signs with the new, and drops a retired key', async () => {
    const before = await loadSigningKeys(db, undefined);
    const kid = await rotateSigningKey(db);
    const after = await loadSigningKeys(db, undefined);
    expect(after.signingKid).toBe(kid);
    expect(after.keys.map((k) => k.kid)).toEqual([kid, before.signingKid]);

    const orgId = await createOrg(db, 'Acme', true);
    await createUser(db, orgId, 'keys@acme.test');
    const server = await startTestServer(db);
    try {
      const jwks = (await (await fetch(new URL('/jwks', server.url))).json()) as {
        keys: Array<{ kid: string }>;
      };
      expect(jwks.keys.map((k) => k.kid).sort()).toEqual([kid, before.signingKid].sort());
      const { body } = await signInAndGetTokens(server, { email: 'keys@acme.test' });
      expect(decodeProtectedHeader(body.access_token as string).kid).toBe(kid);
    } finally {
      await server.close();
    }

    expect(await retireSigningKey(db, before.signingKid)).toBe(true);
    expect((await loadSigningKeys(db, undefined)).keys.map((k) => k.kid)).toEqual([kid]);
  });

  it('uses the operator keys when given, the first one signing', async () => {
    const jwk = async () =>
      exportJWK((await generateKeyPair('ES256', { extractable: true })).privateKey);
    const a = await jwk();
    const b = await jwk();
    const keys = await loadSigningKeys(db, [
      { kty: 'EC', crv: 'P-256', x: a.x ?? '', y: a.y ?? '', d: a.d ?? '', kid: 'op-1' },
      { kty: 'EC', crv: 'P-256', x: b.x ?? '', y: b.y ?? '', d: b.d ?? '' },
    ]);
    expect(keys.signingKid).toBe('op-1');
    expect(keys.keys).toHaveLength(2);
    expect(keys.keys[1]?.kid).toMatch(/^[\w-]{43}$/);
  });
});
