import { findPrincipal, type Database } from '@ask-analyst/workspace';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { START } from '../test-support/app.js';
import { createTestDatabase, PEOPLE } from '../test-support/database.js';
import { createTestIssuer, ISSUER, RESOURCE, type TestIssuer } from '../test-support/issuer.js';
import { createIssuerKeys, type KeyResolver } from './jwks.js';
import { verifyAccessToken } from './verify-access-token.js';

/** The token sweep of issue #11: what the key source does under rotation, outage and abuse. */
describe('token sweep: keys', () => {
  let db: Database;
  let issuer: TestIssuer;
  let keys: KeyResolver;
  const urls: string[] = [];
  const setNow = (ms: number) => vi.setSystemTime(ms);
  const now = () => Date.now();

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setNow(START);
    urls.length = 0;
    issuer = await createTestIssuer({ now });
    const recording: typeof fetch = (input, init) => {
      urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      return issuer.fetch(input, init);
    };
    keys = createIssuerKeys({ issuer: ISSUER, fetch: recording, now });
  });
  afterEach(() => vi.useRealTimers());

  const verify = (token: string) =>
    verifyAccessToken(token, {
      issuer: ISSUER,
      resource: RESOURCE,
      keys,
      principals: (userId) => findPrincipal(db, userId),
      now,
    });

  it('keeps accepting valid tokens from cached keys while the authorization server is down', async () => {
    expect((await verify(await issuer.mint(PEOPLE.ada.id))).ok).toBe(true);
    issuer.setOutage(true);
    // Past the cache's max age: the refresh fails, the keys fetched before still verify.
    setNow(START + 11 * 60_000);
    for (let i = 0; i < 3; i += 1) {
      expect((await verify(await issuer.mint(PEOPLE.ada.id))).ok).toBe(true);
    }
    issuer.setOutage(false);
  });

  it('never follows jku, x5u or an embedded jwk: a self-signed token is refused, nothing fetched', async () => {
    const attacker = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(attacker.publicKey);
    const token = await new SignJWT({
      iss: ISSUER,
      aud: RESOURCE,
      sub: PEOPLE.ada.id,
      org: PEOPLE.ada.orgId,
      client_id: 'analyst-code-editor',
      scope: 'workbooks.read',
    })
      .setProtectedHeader({
        alg: 'ES256',
        typ: 'at+jwt',
        jwk,
        jku: 'https://evil.example/jwks',
        x5u: 'https://evil.example/cert.pem',
      })
      .setIssuedAt(Math.floor(START / 1000))
      .setExpirationTime(Math.floor(START / 1000) + 600)
      .sign(attacker.privateKey);
    const result = await verify(token);
    expect(result.ok).toBe(false);
    expect(urls.some((url) => url.includes('evil.example'))).toBe(false);
  });

  it('rotates keys under live traffic with no false rejection', async () => {
    const old = await issuer.mint(PEOPLE.ada.id);
    expect((await verify(old)).ok).toBe(true);
    await issuer.rotate('key-2');
    // Clients keep calling with tokens of the old key while new ones appear after the cooldown.
    for (let second = 1; second <= 90; second += 1) {
      setNow(START + second * 1_000);
      expect((await verify(old)).ok).toBe(true);
      if (second > 60) expect((await verify(await issuer.mint(PEOPLE.ada.id))).ok).toBe(true);
    }
    expect(issuer.fetches.jwks).toBe(2);
  });

  it('holds the unknown-kid cooldown under a flood: at most one refetch a minute', async () => {
    expect((await verify(await issuer.mint(PEOPLE.ada.id))).ok).toBe(true);
    const flood = await Promise.all(
      Array.from({ length: 200 }, async () =>
        verify(await issuer.mint(PEOPLE.ada.id, { unpublishedKey: true })),
      ),
    );
    expect(flood.every((result) => !result.ok)).toBe(true);
    expect(issuer.fetches.jwks).toBe(1);
    setNow(START + 61_000);
    await Promise.all(
      Array.from({ length: 50 }, async () =>
        verify(await issuer.mint(PEOPLE.ada.id, { unpublishedKey: true })),
      ),
    );
    expect(issuer.fetches.jwks).toBe(2);
  });
});
