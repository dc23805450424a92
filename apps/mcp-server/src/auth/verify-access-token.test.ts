import { createPrincipalCache } from '@ask-analyst/service';
import type { Database } from '@ask-analyst/workspace';
import { findPrincipal } from '@ask-analyst/workspace';
import { base64url, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { START } from '../test-support/app.js';
import { createTestDatabase, invalidateTokens, PEOPLE } from '../test-support/database.js';
import { createTestIssuer, ISSUER, RESOURCE, type TestIssuer } from '../test-support/issuer.js';
import { buildChallenge, type ChallengeAnswer } from './challenge.js';
import { createIssuerKeys, type KeyResolver } from './jwks.js';
import { verifyAccessToken, type VerifyResult } from './verify-access-token.js';

const METADATA = 'http://localhost:3000/.well-known/oauth-protected-resource/mcp';
const SCOPES = ['workbooks.read', 'analyses.write'];

describe('verifyAccessToken', () => {
  let db: Database;
  let issuer: TestIssuer;
  let keys: KeyResolver;
  // jose's JWKS cache (max age, unknown-kid cooldown) reads Date.now(): the test clock moves both.
  let frozen = START;
  const clock = {
    get now() {
      return frozen;
    },
    set now(value: number) {
      frozen = value;
      vi.setSystemTime(value);
    },
  };
  const now = () => clock.now;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    clock.now = START;
    issuer = await createTestIssuer({ now });
    keys = createIssuerKeys({ issuer: ISSUER, fetch: issuer.fetch, now });
  });

  const verify = (token: string) =>
    verifyAccessToken(token, {
      issuer: ISSUER,
      resource: RESOURCE,
      keys,
      principals: (userId) => findPrincipal(db, userId),
      now,
    });

  /** The HTTP answer the bearer gate would give for a refused token. */
  const answerFor = (result: VerifyResult): ChallengeAnswer => {
    if (result.ok) throw new Error('token was accepted');
    return buildChallenge(result.failure, {
      resourceMetadataUrl: METADATA,
      scopesSupported: SCOPES,
      requestId: 'req_test1',
    });
  };

  const expectInvalidToken = (result: VerifyResult, description: RegExp) => {
    const answer = answerFor(result);
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toMatch(
      new RegExp(
        `^Bearer error="invalid_token", error_description="[^"]*", resource_metadata="${METADATA}"$`,
      ),
    );
    expect(answer.headers['www-authenticate']).toMatch(description);
    expect(answer.body).toEqual({
      type: 'error',
      error: {
        type: 'authentication_error',
        message: expect.stringMatching(
          /OAuth token has been invalidated.*re-authenticate/,
        ) as unknown,
        details: { error_code: 'mcp_invalid_oauth_token' },
      },
      request_id: 'req_test1',
    });
  };

  it('accepts a valid token and describes the caller', async () => {
    const result = await verify(await issuer.mint(PEOPLE.ada.id));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.caller.principal).toMatchObject({
      userId: PEOPLE.ada.id,
      orgEnrolled: true,
      active: true,
    });
    expect(result.caller.authInfo).toMatchObject({
      clientId: 'analyst-code-editor',
      scopes: ['workbooks.read', 'analyses.write'],
      expiresAt: Math.floor(START / 1000) + 600,
      resource: new URL(RESOURCE),
    });
  });

  it('refuses an expired token with mcp_expired_oauth_token, within the 30 s leeway only', async () => {
    const token = await issuer.mint(PEOPLE.ada.id);
    clock.now = START + 600_000 + 29_000;
    expect((await verify(token)).ok).toBe(true);
    clock.now = START + 600_000 + 31_000;
    const answer = answerFor(await verify(token));
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toMatch(
      /^Bearer error="invalid_token", error_description="token expired"/,
    );
    expect(answer.body.error).toMatchObject({
      type: 'authentication_error',
      message: expect.stringMatching(/expired.*[Rr]efresh/) as unknown,
      details: { error_code: 'mcp_expired_oauth_token' },
    });
  });

  it('refuses a token not yet valid (nbf beyond the leeway)', async () => {
    const nowSeconds = Math.floor(START / 1000);
    expect(
      (await verify(await issuer.mint(PEOPLE.ada.id, { claims: { nbf: nowSeconds + 20 } }))).ok,
    ).toBe(true);
    expectInvalidToken(
      await verify(await issuer.mint(PEOPLE.ada.id, { claims: { nbf: nowSeconds + 60 } })),
      /not yet valid/,
    );
  });

  it('refuses a token issued in the future', async () => {
    const iat = Math.floor(START / 1000) + 120;
    expectInvalidToken(
      await verify(await issuer.mint(PEOPLE.ada.id, { claims: { iat } })),
      /future/,
    );
  });

  it('refuses a token for another audience, or whose audience only contains ours as a prefix', async () => {
    expectInvalidToken(
      await verify(
        await issuer.mint(PEOPLE.ada.id, { claims: { aud: 'https://other.example/mcp' } }),
      ),
      /audience/,
    );
    expectInvalidToken(
      await verify(await issuer.mint(PEOPLE.ada.id, { claims: { aud: `${RESOURCE}/` } })),
      /audience/,
    );
    const both = await issuer.mint(PEOPLE.ada.id, {
      claims: { aud: ['https://other.example', RESOURCE] },
    });
    expect((await verify(both)).ok).toBe(true);
  });

  it('refuses a token of another issuer, compared exactly', async () => {
    expectInvalidToken(
      await verify(await issuer.mint(PEOPLE.ada.id, { claims: { iss: `${ISSUER}/` } })),
      /issuer/,
    );
    expectInvalidToken(
      await verify(await issuer.mint(PEOPLE.ada.id, { claims: { iss: 'https://evil.example' } })),
      /issuer/,
    );
  });

  it('refuses alg none', async () => {
    const encode = (value: object) => base64url.encode(JSON.stringify(value));
    const nowSeconds = Math.floor(START / 1000);
    const token = `${encode({ alg: 'none', typ: 'at+jwt' })}.${encode({
      iss: ISSUER,
      aud: RESOURCE,
      sub: PEOPLE.ada.id,
      client_id: 'c',
      iat: nowSeconds,
      exp: nowSeconds + 600,
    })}.`;
    expectInvalidToken(await verify(token), /algorithm/);
  });

  it('refuses a token HMAC-signed with the public key bytes (algorithm confusion)', async () => {
    const publicKeyBytes = new TextEncoder().encode(JSON.stringify(issuer.publicJwk()));
    const nowSeconds = Math.floor(START / 1000);
    const token = await new SignJWT({ client_id: 'c', scope: 'workbooks.read' })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: 'key-1' })
      .setIssuer(ISSUER)
      .setAudience(RESOURCE)
      .setSubject(PEOPLE.ada.id)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + 600)
      .sign(publicKeyBytes);
    expectInvalidToken(await verify(token), /algorithm/);
  });

  it('refuses a token signed with a key the issuer does not publish', async () => {
    expectInvalidToken(
      await verify(await issuer.mint(PEOPLE.ada.id, { unpublishedKey: true })),
      /key is unknown/,
    );
  });

  it('refuses a forged signature', async () => {
    const token = await issuer.mint(PEOPLE.ada.id);
    const [header, payload] = token.split('.');
    const other = (await issuer.mint(PEOPLE.grace.id)).split('.')[2];
    expectInvalidToken(await verify(`${header}.${payload}.${other}`), /signature/);
  });

  it('refuses a token without sub', async () => {
    expectInvalidToken(
      await verify(await issuer.mint(PEOPLE.ada.id, { omit: ['sub'] })),
      /subject/,
    );
  });

  it("refuses a token without org, or whose org is not the user's organization", async () => {
    expectInvalidToken(
      await verify(await issuer.mint(PEOPLE.ada.id, { omit: ['org'] })),
      /organization/,
    );
    for (const org of ['', 42, 'org_globex00001', ['org_acme000001']]) {
      expectInvalidToken(
        await verify(await issuer.mint(PEOPLE.ada.id, { claims: { org } })),
        /organization/,
      );
    }
  });

  it('refuses a token whose typ is not at+jwt (an ID token, say)', async () => {
    expectInvalidToken(
      await verify(await issuer.mint(PEOPLE.ada.id, { header: { typ: 'JWT' } })),
      /type/,
    );
    expect(
      (await verify(await issuer.mint(PEOPLE.ada.id, { header: { typ: 'application/at+jwt' } })))
        .ok,
    ).toBe(true);
  });

  it('refuses a token of an unknown user', async () => {
    expectInvalidToken(await verify(await issuer.mint('usr_nobody00001')), /not a known user/);
  });

  it('refuses a revoked user', async () => {
    expectInvalidToken(await verify(await issuer.mint(PEOPLE.linus.id)), /revoked/);
  });

  it('answers 403 mcp_org_not_enrolled for a user of a non-enrolled organization', async () => {
    const answer = answerFor(
      await verify(await issuer.mint(PEOPLE.hopper.id, { claims: { org: 'org_globex00001' } })),
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      type: 'error',
      error: {
        type: 'permission_error',
        message: expect.stringMatching(/not enrolled/) as unknown,
        details: { error_code: 'mcp_org_not_enrolled' },
      },
      request_id: 'req_test1',
    });
  });

  it("refuses tokens issued before the user's invalidation second, accepts later ones", async () => {
    const grace = PEOPLE.grace.id;
    const before = await issuer.mint(grace);
    await invalidateTokens(db, grace, new Date(START + 1_500));
    clock.now = START + 1_000;
    const sameSecond = await issuer.mint(grace);
    clock.now = START + 2_000;
    const after = await issuer.mint(grace);
    expectInvalidToken(await verify(before), /invalidated/);
    expect((await verify(sameSecond)).ok).toBe(true);
    expect((await verify(after)).ok).toBe(true);
    await invalidateTokens(db, grace, new Date(0));
  });

  it('refetches the JWKS for a kid that appears after key rotation, at most once a minute', async () => {
    expect((await verify(await issuer.mint(PEOPLE.ada.id))).ok).toBe(true);
    expect(issuer.fetches).toEqual({ metadata: 1, jwks: 1 });

    await issuer.rotate('key-2');
    clock.now = START + 10_000;
    // Within the cooldown the unknown kid is refused without a refetch.
    expectInvalidToken(await verify(await issuer.mint(PEOPLE.ada.id)), /key is unknown/);
    expect(issuer.fetches.jwks).toBe(1);

    clock.now = START + 61_000;
    expect((await verify(await issuer.mint(PEOPLE.ada.id))).ok).toBe(true);
    expect(issuer.fetches.jwks).toBe(2);

    // A stream of unknown kids costs one refetch per minute, not one per request.
    for (let i = 0; i < 5; i += 1) {
      expectInvalidToken(
        await verify(await issuer.mint(PEOPLE.ada.id, { unpublishedKey: true })),
        /key is unknown/,
      );
    }
    expect(issuer.fetches.jwks).toBe(2);
  });

  it('answers 503 when the authorization server keys cannot be fetched', async () => {
    issuer.setOutage(true);
    const answer = answerFor(await verify(await issuer.mint(PEOPLE.ada.id)));
    expect(answer.status).toBe(503);
    expect(answer.body.error.details.error_code).toBe('mcp_unavailable');
    issuer.setOutage(false);
    clock.now = START + 6_000;
    expect((await verify(await issuer.mint(PEOPLE.ada.id))).ok).toBe(true);
  });

  it('tries no fetch for a minute after a failed one, verifying with the last key set meanwhile', async () => {
    const before = await issuer.mint(PEOPLE.ada.id);
    expect((await verify(before)).ok).toBe(true);
    issuer.setOutage(true);
    await issuer.rotate('key-2');

    // An unknown kid past jose's cooldown: one refetch, which fails; the old key still verifies.
    clock.now = START + 61_000;
    expectInvalidToken(await verify(await issuer.mint(PEOPLE.ada.id)), /key is unknown/);
    expect(issuer.failedFetches.jwks).toBe(1);
    // A stream of unknown kids during the outage costs no further fetch within the minute.
    for (let i = 0; i < 5; i += 1) {
      clock.now += 10_000;
      expectInvalidToken(await verify(await issuer.mint(PEOPLE.ada.id)), /key is unknown/);
    }
    expect((await verify(before)).ok).toBe(true);
    expect(issuer.failedFetches.jwks).toBe(1);

    // A minute after the failure the next unknown kid is fetched again: the server is back.
    issuer.setOutage(false);
    clock.now = START + 121_000;
    expect((await verify(await issuer.mint(PEOPLE.ada.id))).ok).toBe(true);
    expect(issuer.fetches.jwks).toBe(2);

    // A key set past its age fails to refresh: one fetch a minute, its keys in use meanwhile.
    issuer.setOutage(true);
    clock.now = START + 121_000 + 11 * 60_000;
    for (let i = 0; i < 3; i += 1) {
      expect((await verify(await issuer.mint(PEOPLE.ada.id))).ok).toBe(true);
      clock.now += 20_000;
    }
    expect(issuer.failedFetches.jwks).toBe(2);
    expect((await verify(await issuer.mint(PEOPLE.ada.id))).ok).toBe(true);
    expect(issuer.failedFetches.jwks).toBe(3);
  });

  it('refuses metadata that names another issuer (RFC 8414 section 3.3)', async () => {
    const liar: typeof fetch = async (input, init) => {
      const response = await issuer.fetch(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!url.endsWith('oauth-authorization-server')) return response;
      return Response.json({ issuer: 'https://evil.example', jwks_uri: `${ISSUER}/jwks` });
    };
    keys = createIssuerKeys({ issuer: ISSUER, fetch: liar, now });
    expect(answerFor(await verify(await issuer.mint(PEOPLE.ada.id))).status).toBe(503);
  });

  it('sees a revocation only after the principal cache entry expires (at most 30 s)', async () => {
    const cached = createPrincipalCache({
      load: (userId) => findPrincipal(db, userId),
      ttlMs: 30_000,
      now,
    });
    const deps = { issuer: ISSUER, resource: RESOURCE, keys, principals: cached, now };
    expect((await verifyAccessToken(await issuer.mint(PEOPLE.grace.id), deps)).ok).toBe(true);
    await db.query(`update users set status = 'revoked' where id = $1`, [PEOPLE.grace.id]);
    try {
      clock.now = START + 29_000;
      expect((await verifyAccessToken(await issuer.mint(PEOPLE.grace.id), deps)).ok).toBe(true);
      clock.now = START + 30_000;
      expect((await verifyAccessToken(await issuer.mint(PEOPLE.grace.id), deps)).ok).toBe(false);
    } finally {
      await db.query(`update users set status = 'active' where id = $1`, [PEOPLE.grace.id]);
    }
  });
});
