import { createPrincipalCache } from '@ask-analyst/service';
import {
  findPrincipal,
  removeMembership,
  setMembership,
  setUserStatus,
} from '@ask-analyst/workspace';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, mcpHeaders, START, type TestApp } from '../test-support/app.js';
import { createTestDatabase, invalidateTokens, PEOPLE } from '../test-support/database.js';
import { createDemoApp, type DemoApp } from '../test-support/demo-world.js';
import { createTestIssuer, ISSUER, RESOURCE } from '../test-support/issuer.js';
import { callTool, dataOf } from '../test-support/mcp-call.js';
import { createIssuerKeys } from './jwks.js';
import { cacheVerifiedTokens } from './verified-token-cache.js';
import { verifyAccessToken } from './verify-access-token.js';

describe('cacheVerifiedTokens', () => {
  it('checks a signature once per token, and everything again once the principal is reloaded', async () => {
    const clock = { now: START };
    const now = () => clock.now;
    const db = await createTestDatabase();
    try {
      const issuer = await createTestIssuer({ now });
      const principals = createPrincipalCache({
        load: (userId) => findPrincipal(db, userId),
        ttlMs: 30_000,
        now,
      });
      const keys = createIssuerKeys({ issuer: ISSUER, fetch: issuer.fetch, now });
      let verified = 0;
      const verify = cacheVerifiedTokens({
        verify: (token) => {
          verified += 1;
          return verifyAccessToken(token, {
            issuer: ISSUER,
            resource: RESOURCE,
            keys,
            principals,
            now,
          });
        },
        principals,
        now,
      });
      const ada = await issuer.mint(PEOPLE.ada.id);
      expect((await verify(ada)).ok).toBe(true);
      // Known token, principal cached and unchanged: answered at once, without a promise.
      const known = verify(ada);
      expect(known).not.toBeInstanceOf(Promise);
      expect(known).toMatchObject({ ok: true });
      expect(verified).toBe(1);
      expect((await verify(await issuer.mint(PEOPLE.grace.id))).ok).toBe(true);
      expect(verified).toBe(2);

      // Refusals are not remembered: each one is checked in full.
      const linus = await issuer.mint(PEOPLE.linus.id);
      expect((await verify(linus)).ok).toBe(false);
      expect((await verify(linus)).ok).toBe(false);
      expect(verified).toBe(4);

      // The principal cache reloads after 30 s: the token is verified in full again, once.
      clock.now += 30_001;
      const reloaded = verify(ada);
      expect(reloaded).toBeInstanceOf(Promise);
      expect((await reloaded).ok).toBe(true);
      expect((await verify(ada)).ok).toBe(true);
      expect(verified).toBe(5);

      // Past `exp` (600 s) and its 30 s leeway the cached answer is not used: the token expired.
      clock.now = START + 631_000;
      expect(await verify(ada)).toMatchObject({ ok: false, failure: { kind: 'expired_token' } });
    } finally {
      await db.close();
    }
  });
});

const PING = { jsonrpc: '2.0', id: 1, method: 'ping' };

/**
 * Keeps `connections` requests with `token` in flight until stopped; records, for each request,
 * whether it was sent after `mark()` and how it was answered.
 */
function underLoad(t: TestApp, token: string, connections = 10) {
  let running = true;
  let marked = false;
  const answers: Array<{ afterMark: boolean; response: LightMyRequestResponse }> = [];
  const loops = Array.from({ length: connections }, async () => {
    while (running) {
      const afterMark = marked;
      const response = await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: mcpHeaders(token),
        payload: PING,
      });
      answers.push({ afterMark, response });
    }
  });
  return {
    answers,
    mark: () => {
      marked = true;
    },
    /** Waits until `count` more requests sent after the mark were answered, then stops. */
    async stopAfter(count: number) {
      while (answers.filter((a) => a.afterMark).length < count) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      running = false;
      await Promise.all(loops);
    },
  };
}

describe('cached tokens still obey SPEC section 7 under load', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  async function refusedWithin30Seconds(act: () => Promise<unknown>) {
    const load = underLoad(t, await t.token(PEOPLE.ada.id));
    while (load.answers.length < 50) await new Promise((resolve) => setTimeout(resolve, 5));
    await act();
    t.clock.now += 30_001;
    load.mark();
    await load.stopAfter(50);
    const before = load.answers.filter((a) => !a.afterMark);
    const after = load.answers.filter((a) => a.afterMark);
    expect(before.filter((a) => a.response.statusCode === 200).length).toBeGreaterThanOrEqual(50);
    expect(after.length).toBeGreaterThanOrEqual(50);
    for (const { response } of after) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        error: { details: { error_code: 'mcp_invalid_oauth_token' } },
      });
    }
  }

  it('refuses a revoked user within 30 s', async () => {
    await refusedWithin30Seconds(() => setUserStatus(t.db, PEOPLE.ada.id, 'revoked'));
  });

  it('refuses an invalidated token within 30 s', async () => {
    await refusedWithin30Seconds(() =>
      invalidateTokens(t.db, PEOPLE.ada.id, new Date(t.clock.now + 1_000)),
    );
  });
});

describe('roles are checked at call time, whatever is cached', () => {
  let demo: DemoApp;
  beforeAll(async () => {
    demo = await createDemoApp();
  });
  afterAll(async () => {
    await demo?.close();
  });

  it('enforces a removed role on the very next call with the same token', async () => {
    const token = await demo.tokenFor('ada');
    const names = async () =>
      dataOf<{ workbooks: Array<{ name: string }> }>(
        await callTool(demo.app, token, 'list_workbooks', { limit: 100 }),
      ).workbooks.map((wb) => wb.name);
    expect(await names()).toContain('Flight Operations');
    const operations = await demo.workspaceId('Operations');
    await removeMembership(demo.db, operations, demo.users.ada.id);
    try {
      expect(await names()).not.toContain('Flight Operations');
    } finally {
      await setMembership(demo.db, {
        workspaceId: operations,
        userId: demo.users.ada.id,
        role: 'admin',
      });
    }
    expect(await names()).toContain('Flight Operations');
  });
});
