import { Writable } from 'node:stream';
import { HttpErrorBodySchema, ProtectedResourceMetadataSchema } from '@ask-analyst/protocol';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildMcpApp } from './app.js';
import { loadMcpConfig } from './config.js';
import {
  createTestApp,
  mcpHeaders,
  openTestEngine,
  START,
  type TestApp,
} from './test-support/app.js';
import { createTestDatabase, PEOPLE } from './test-support/database.js';
import { createTestIssuer, ISSUER, MCP_URL } from './test-support/issuer.js';
import { rpcMessages } from './test-support/mcp-call.js';

const METADATA_URL = `${MCP_URL}/.well-known/oauth-protected-resource/mcp`;
const CALL_WHOAMI = {
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'whoami', arguments: {} },
};

/** A non-2xx answer: the seed's body, and the same request id in header and body. */
function expectErrorBody(response: LightMyRequestResponse, status: number, errorCode: string) {
  expect(response.statusCode).toBe(status);
  const body = HttpErrorBodySchema.parse(response.json());
  expect(body.error.details.error_code).toBe(errorCode);
  expect(body.request_id).toBe(response.headers['x-request-id']);
  return body;
}

/** POST /mcp with these headers and a JSON-RPC body (a whoami call unless given). */
function postMcp(
  app: FastifyInstance,
  headers: Record<string, string>,
  payload: unknown = CALL_WHOAMI,
) {
  return app.inject({ method: 'POST', url: '/mcp', headers, payload: payload as object });
}

describe('MCP server over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ALLOWED_ORIGINS: 'https://app.example.com' });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('protected-resource metadata', () => {
    it('is served identically at both well-known paths, without auth, to any origin', async () => {
      const root = await t.app.inject({
        url: '/.well-known/oauth-protected-resource',
        headers: { origin: 'https://anywhere.example' },
      });
      const pathAware = await t.app.inject({ url: '/.well-known/oauth-protected-resource/mcp' });
      expect(root.statusCode).toBe(200);
      expect(pathAware.statusCode).toBe(200);
      expect(root.json()).toEqual({
        resource: `${MCP_URL}/mcp`,
        authorization_servers: [ISSUER],
        scopes_supported: ['workbooks.read', 'analyses.write'],
        bearer_methods_supported: ['header'],
        resource_name: 'Ask Analyst',
      });
      expect(pathAware.json()).toEqual(root.json());
      expect(ProtectedResourceMetadataSchema.parse(root.json())).toBeTruthy();
      expect(root.headers['access-control-allow-origin']).toBe('*');
      expect(root.headers['x-request-id']).toMatch(/^req_[0-9a-z]+$/);
    });

    it('answers a CORS preflight from any origin', async () => {
      const response = await t.app.inject({
        method: 'OPTIONS',
        url: '/.well-known/oauth-protected-resource/mcp',
        headers: { origin: 'https://anywhere.example', 'access-control-request-method': 'GET' },
      });
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('*');
    });
  });

  describe('health', () => {
    it('answers /healthz and /readyz', async () => {
      expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
      const ready = await t.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });
    });
  });

  describe('bearer authentication', () => {
    it('answers a request without a token with the 401 challenge', async () => {
      const response = await postMcp(t.app, mcpHeaders());
      expectErrorBody(response, 401, 'mcp_invalid_oauth_token');
      expect(response.headers['www-authenticate']).toBe(
        `Bearer resource_metadata="${METADATA_URL}", scope="workbooks.read analyses.write"`,
      );
    });

    it('never reads a token from the query string or the body', async () => {
      const token = await t.token();
      const inQuery = await t.app.inject({
        method: 'POST',
        url: `/mcp?access_token=${token}`,
        headers: mcpHeaders(),
        payload: CALL_WHOAMI,
      });
      expect(inQuery.statusCode).toBe(401);
      expect(inQuery.headers['www-authenticate']).not.toContain('error=');
      const inBody = await postMcp(t.app, mcpHeaders(), { ...CALL_WHOAMI, access_token: token });
      expect(inBody.statusCode).toBe(401);
    });

    it('answers an invalid token with invalid_token and the seed body', async () => {
      const token = await t.token(PEOPLE.ada.id, { claims: { aud: 'https://other.example/mcp' } });
      const response = await postMcp(t.app, mcpHeaders(token));
      const body = expectErrorBody(response, 401, 'mcp_invalid_oauth_token');
      expect(body.error.type).toBe('authentication_error');
      expect(body.error.message).toMatch(/OAuth token has been invalidated.*re-authenticate/);
      expect(response.headers['www-authenticate']).toMatch(
        new RegExp(
          `^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="${METADATA_URL}"$`,
        ),
      );
    });

    it('answers an expired token with mcp_expired_oauth_token', async () => {
      const token = await t.token();
      t.clock.now = START + 11 * 60_000;
      try {
        const response = await postMcp(t.app, mcpHeaders(token));
        expectErrorBody(response, 401, 'mcp_expired_oauth_token');
        expect(response.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
      } finally {
        t.clock.now = START;
      }
    });

    it('answers a revoked user with 401 and a non-enrolled organization with 403', async () => {
      const revoked = await postMcp(t.app, mcpHeaders(await t.token(PEOPLE.linus.id)));
      expectErrorBody(revoked, 401, 'mcp_invalid_oauth_token');
      const globex = await postMcp(
        t.app,
        mcpHeaders(await t.token(PEOPLE.hopper.id, { claims: { org: 'org_globex00001' } })),
      );
      expect(expectErrorBody(globex, 403, 'mcp_org_not_enrolled').error.type).toBe(
        'permission_error',
      );
    });

    it("answers a tools/call lacking the tool's scope with the insufficient_scope challenge", async () => {
      const token = await t.token(PEOPLE.ada.id, { claims: { scope: 'analyses.write' } });
      const response = await postMcp(t.app, mcpHeaders(token));
      expect(expectErrorBody(response, 403, 'mcp_insufficient_scope').error.type).toBe(
        'permission_error',
      );
      expect(response.headers['www-authenticate']).toBe(
        `Bearer error="insufficient_scope", scope="workbooks.read", resource_metadata="${METADATA_URL}"`,
      );
      const list = await postMcp(t.app, mcpHeaders(token), {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/list',
      });
      expect(list.statusCode).toBe(200);
      const [message] = rpcMessages(list);
      expect(
        (message?.result as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name),
      ).toContain('whoami');
    });

    it('serves tools/call with a valid token', async () => {
      const response = await postMcp(t.app, mcpHeaders(await t.token()));
      expect(response.statusCode).toBe(200);
      const [message] = rpcMessages(response);
      expect(message?.result).toMatchObject({
        structuredContent: { user: { email: PEOPLE.ada.email } },
      });
      expect(response.headers['x-request-id']).toMatch(/^req_/);
    });
  });

  describe('request checks', () => {
    it('refuses a disallowed Origin with 403 mcp_origin_not_allowed', async () => {
      const response = await postMcp(
        t.app,
        mcpHeaders(await t.token(), { origin: 'https://evil.example' }),
      );
      expectErrorBody(response, 403, 'mcp_origin_not_allowed');
      const opaque = await postMcp(t.app, mcpHeaders(undefined, { origin: 'null' }));
      expectErrorBody(opaque, 403, 'mcp_origin_not_allowed');
    });

    it('accepts the MCP origin itself and configured origins, with CORS headers', async () => {
      for (const origin of [MCP_URL, 'https://app.example.com']) {
        const response = await postMcp(t.app, mcpHeaders(await t.token(), { origin }));
        expect(response.statusCode).toBe(200);
        expect(response.headers['access-control-allow-origin']).toBe(origin);
        expect(String(response.headers['access-control-expose-headers']).split(', ')).toEqual(
          expect.arrayContaining(['www-authenticate', 'mcp-protocol-version', 'x-request-id']),
        );
      }
    });

    it('answers /mcp preflight for allowed origins only', async () => {
      const allowed = await t.app.inject({
        method: 'OPTIONS',
        url: '/mcp',
        headers: {
          origin: 'https://app.example.com',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, mcp-protocol-version',
        },
      });
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expect(allowed.headers['access-control-allow-methods']).toBe('POST');
      expect(allowed.headers['access-control-allow-headers']).toContain('authorization');
      expect(allowed.headers['access-control-expose-headers']).toContain('www-authenticate');
      expect(allowed.headers['x-request-id']).toMatch(/^req_/);

      const refused = await t.app.inject({
        method: 'OPTIONS',
        url: '/mcp',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expectErrorBody(refused, 403, 'mcp_origin_not_allowed');
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('answers a body over 1 MiB with 413', async () => {
      const payload = JSON.stringify({
        ...CALL_WHOAMI,
        params: { name: 'whoami', arguments: { pad: 'x'.repeat(1_100_000) } },
      });
      const response = await postMcp(t.app, mcpHeaders(await t.token()), payload);
      expectErrorBody(response, 413, 'mcp_payload_too_large');
    });

    it('answers GET and DELETE /mcp with 405 (stateless serving)', async () => {
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await t.app.inject({
          method,
          url: '/mcp',
          headers: { accept: 'text/event-stream', authorization: `Bearer ${await t.token()}` },
        });
        expectErrorBody(response, 405, 'mcp_method_not_allowed');
        expect(response.headers.allow).toBe('POST, OPTIONS');
      }
    });

    it('answers malformed JSON with JSON-RPC -32700 in the seed body shape', async () => {
      const response = await postMcp(t.app, mcpHeaders(await t.token()), '{"jsonrpc": "2.0",');
      const body = expectErrorBody(response, 400, 'mcp_invalid_request');
      expect(body.error.type).toBe('invalid_request_error');
      expect(response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    });

    it('answers a body that is not JSON with 415 in the seed body shape', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { ...mcpHeaders(await t.token()), 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expectErrorBody(response, 415, 'mcp_invalid_request');
    });

    it('answers unknown paths with 404 in the seed body shape', async () => {
      expectErrorBody(
        await t.app.inject({ url: '/nothing-here?code=secret' }),
        404,
        'mcp_not_found',
      );
    });
  });
});

describe('limits and transport security', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('answers over the per-IP limit with 429 and Retry-After, health checks exempt', async () => {
    const t = await createTestApp({ REQUESTS_PER_IP_PER_MINUTE: '3' });
    apps.push(t);
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await t.app.inject({ url: '/.well-known/oauth-protected-resource' })).statusCode,
      ).toBe(200);
    }
    t.clock.now = START + 20_000;
    const limited = await t.app.inject({ url: '/.well-known/oauth-protected-resource' });
    expectErrorBody(limited, 429, 'mcp_rate_limited');
    expect(limited.json()).toMatchObject({ error: { type: 'rate_limit_error' } });
    expect(limited.headers['retry-after']).toBe('40');
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    // A browser client can read the 429 and its Retry-After (CORS runs before the limit).
    const fromBrowser = await t.app.inject({
      url: '/.well-known/oauth-protected-resource',
      headers: { origin: 'https://app.example.com' },
    });
    expect(fromBrowser.statusCode).toBe(429);
    expect(fromBrowser.headers['access-control-allow-origin']).toBeDefined();
    const otherClient = await t.app.inject({
      url: '/.well-known/oauth-protected-resource',
      remoteAddress: '10.0.0.9',
    });
    expect(otherClient.statusCode).toBe(200);
    t.clock.now = START + 60_000;
    expect((await t.app.inject({ url: '/.well-known/oauth-protected-resource' })).statusCode).toBe(
      200,
    );
  });

  it('counts refused /mcp requests (401 for a bad token) toward the per-IP limit', async () => {
    const t = await createTestApp({ REQUESTS_PER_IP_PER_MINUTE: '3' });
    apps.push(t);
    const bad = () => postMcp(t.app, mcpHeaders('not.a.jwt'));
    for (let i = 0; i < 3; i += 1) expect((await bad()).statusCode).toBe(401);
    const limited = await bad();
    expectErrorBody(limited, 429, 'mcp_rate_limited');
    expect(limited.headers['retry-after']).toBe('60');
    expect((await postMcp(t.app, mcpHeaders())).statusCode).toBe(429);
  });

  it('refuses /mcp requests that did not arrive over TLS outside loopback', async () => {
    const t = await createTestApp({
      MCP_URL: 'https://mcp.example.com',
      AUTH_URL: 'https://auth.example.com',
      TRUST_PROXY: '127.0.0.1',
    });
    apps.push(t);
    const plain = await postMcp(t.app, mcpHeaders());
    expectErrorBody(plain, 400, 'mcp_invalid_request');
    expect(plain.json()).toMatchObject({
      error: { message: expect.stringContaining('HTTPS') as unknown },
    });
    const proxied = await postMcp(t.app, mcpHeaders(undefined, { 'x-forwarded-proto': 'https' }));
    expect(proxied.statusCode).toBe(401);
    expect(proxied.headers['www-authenticate']).toContain(
      'resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"',
    );
    // A client that is not the declared proxy cannot claim TLS.
    const spoofed = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: mcpHeaders(undefined, { 'x-forwarded-proto': 'https' }),
      payload: CALL_WHOAMI,
      remoteAddress: '203.0.113.7',
    });
    expect(spoofed.statusCode).toBe(400);
  });
});

describe('logging', () => {
  it('never logs authorization headers, tokens, cookies or query strings', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const db = await createTestDatabase();
    const { engine, dispose } = await openTestEngine();
    const now = () => START;
    const issuer = await createTestIssuer({ now });
    const app = await buildMcpApp({
      config: loadMcpConfig({ MCP_URL, AUTH_URL: ISSUER }),
      db,
      engine,
      now,
      fetch: issuer.fetch,
      logger: { level: 'debug', stream },
    });
    try {
      const token = await issuer.mint(PEOPLE.ada.id);
      const expired = await issuer.mint(PEOPLE.ada.id, {
        claims: { exp: Math.floor(START / 1000) - 120 },
      });
      for (const [auth, url] of [
        [token, '/mcp?code=secret-code'],
        [expired, '/mcp'],
        ['', `/mcp?access_token=${token}`],
      ] as const) {
        await app.inject({
          method: 'POST',
          url,
          headers: { ...mcpHeaders(auth || undefined), cookie: 'session=secret-cookie' },
          payload: CALL_WHOAMI,
        });
      }
      const log = lines.join('');
      expect(log).toContain('"path":"/mcp"');
      for (const secret of [token, expired, 'secret-code', 'secret-cookie', 'Bearer'])
        expect(log).not.toContain(secret);
    } finally {
      await app.close();
      await dispose();
      await db.close();
    }
  });
});
