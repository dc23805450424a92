import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '@ask-analyst/workspace';
import type { FastifyInstance } from 'fastify';
import { type AuthConfig, buildAuthApp, loadAuthConfig } from '../app.js';
import type { ProviderFetch } from '../provider/client-id-metadata.js';

export const TEST_MCP_URL = 'http://localhost:3999';
export const TEST_RESOURCE = `${TEST_MCP_URL}/mcp`;
export const CLIENT_ID = 'analyst-code-editor';
export const REDIRECT_URI = 'http://127.0.0.1:8765/callback';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  config: AuthConfig;
  close(): Promise<void>;
}

/**
 * Starts the app on a real loopback socket (port 0 unless given) whose URL is the issuer: the socket
 * is opened first, then the app is built for that URL and handed its requests.
 */
export async function startTestServer(
  db: Database,
  options: {
    env?: NodeJS.ProcessEnv;
    fetch?: ProviderFetch;
    logger?: boolean | object;
    port?: number;
  } = {},
): Promise<TestServer> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadAuthConfig({
    AUTH_URL: url,
    MCP_URL: TEST_MCP_URL,
    NODE_ENV: 'test',
    ...options.env,
  });
  const app = await buildAuthApp({
    config,
    db,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await app.ready();
  server.on('request', (req, res) => app.server.emit('request', req, res));
  return {
    url,
    app,
    config,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      // Let the client's keep-alive pool see the closed sockets before anything reuses the port.
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}

export interface Page {
  status: number;
  url: string;
  headers: Headers;
  html: string;
}

export type Visit = { kind: 'page'; page: Page } | { kind: 'callback'; url: URL; status: number };

/** The page a visit ended on; throws when it ended in a redirect to the client instead. */
export function pageOf(visit: Visit): Page {
  if (visit.kind !== 'page')
    throw new Error(`expected a page, got a redirect to ${visit.url.href}`);
  return visit.page;
}

/** A browser in miniature: a cookie jar (name, path) and redirects followed on the server's origin. */
export class Browser {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  /** `extraHeaders` go on every request (say, the `X-Forwarded-For` of a trusted proxy). */
  constructor(
    private readonly origin: string,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, this.origin);
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.extraHeaders)) headers.set(name, value);
    const cookie = this.cookieHeader(target);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) this.store(line);
    return res;
  }

  /** GETs `url` and follows redirects until a page on the server or a redirect off it (the client's). */
  async open(url: string): Promise<Visit> {
    return this.follow(await this.request(url), url);
  }

  /** Submits a form the way a browser does (urlencoded, Origin of the page). */
  async submit(
    action: string,
    fields: Record<string, string | string[]>,
    origin = this.origin,
  ): Promise<Visit> {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) {
      for (const item of [value].flat()) body.append(key, item);
    }
    const res = await this.request(action, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    });
    return this.follow(res, action);
  }

  /** The cookies the server set and the browser still holds. */
  cookieJar(): Array<{ name: string; value: string }> {
    return [...this.cookies.values()].map(({ name, value }) => ({ name, value }));
  }

  private async follow(first: Response, firstUrl: string): Promise<Visit> {
    let res = first;
    let url = new URL(firstUrl, this.origin);
    for (let hops = 0; hops < 10; hops += 1) {
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) {
        return {
          kind: 'page',
          page: { status: res.status, url: url.href, headers: res.headers, html: await res.text() },
        };
      }
      await res.arrayBuffer();
      url = new URL(location, url);
      if (url.origin !== this.origin) return { kind: 'callback', url, status: res.status };
      res = await this.request(url.href);
    }
    throw new Error('too many redirects');
  }

  private cookieHeader(url: URL): string {
    return [...this.cookies.values()]
      .filter(
        (c) =>
          url.pathname === c.path ||
          url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  private store(line: string): void {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    let path = '/';
    let expired = value === '';
    for (const attribute of attributes) {
      const [key = '', val = ''] = attribute.split('=');
      if (key.toLowerCase() === 'path') path = val;
      if (key.toLowerCase() === 'expires' && Date.parse(val) <= Date.now()) expired = true;
      if (key.toLowerCase() === 'max-age' && Number(val) <= 0) expired = true;
    }
    const key = `${name} ${path}`;
    if (expired) this.cookies.delete(key);
    else this.cookies.set(key, { name, value, path });
  }
}

/** A form on a page: its action and fields (hidden inputs included). */
export function formOf(html: string): { action: string; csrf: string } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !csrf) throw new Error(`no form on page:\n${html}`);
  return { action: action.replace(/&amp;/g, '&'), csrf };
}

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function pkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizationUrl(
  server: TestServer,
  params: Record<string, string | undefined> & { code_challenge?: string | undefined },
): string {
  const url = new URL('/oauth/authorize', server.url);
  const all: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    state: randomBytes(8).toString('hex'),
    code_challenge_method: 'S256',
    ...params,
  };
  for (const [key, value] of Object.entries(all))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.href;
}

export interface SignInChoices {
  email: string;
  password?: string;
  /** What to do on the consent page, if it shows. */
  consent?: 'allow' | 'deny' | 'read-only';
}

/**
 * Runs a whole authorization in `browser`: open the URL, sign in when asked, answer consent when
 * asked, and return the redirect to the client (or the page where it stopped).
 */
export async function authorizeInBrowser(
  browser: Browser,
  url: string,
  choices: SignInChoices,
): Promise<{ visit: Visit; sawSignIn: boolean; sawConsent: boolean }> {
  let visit = await browser.open(url);
  let sawSignIn = false;
  let sawConsent = false;
  for (let step = 0; step < 4 && visit.kind === 'page' && visit.page.status === 200; step += 1) {
    const { html } = visit.page;
    const form = formOf(html);
    if (html.includes('data-testid="sign-in"')) {
      sawSignIn = true;
      visit = await browser.submit(form.action, {
        csrf: form.csrf,
        email: choices.email,
        password: choices.password ?? 'correct horse battery staple',
      });
    } else if (html.includes('data-testid="allow"')) {
      sawConsent = true;
      const consent = choices.consent ?? 'allow';
      visit = await browser.submit(form.action, {
        csrf: form.csrf,
        decision: consent === 'deny' ? 'deny' : 'allow',
        scope: consent === 'read-only' ? ['workbooks.read'] : ['workbooks.read', 'analyses.write'],
      });
    } else {
      break;
    }
  }
  return { visit, sawSignIn, sawConsent };
}

export interface TokenResponse {
  status: number;
  body: Record<string, unknown>;
}

export async function tokenRequest(
  server: TestServer,
  params: Record<string, string>,
): Promise<TokenResponse> {
  const res = await fetch(new URL('/oauth/token', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Signs in through the pages and exchanges the code: the tokens a client would hold. */
export async function signInAndGetTokens(
  server: TestServer,
  choices: SignInChoices & { clientId?: string; redirectUri?: string; scope?: string },
): Promise<{ body: Record<string, unknown>; browser: Browser }> {
  const browser = new Browser(server.url);
  const { verifier, challenge } = pkce();
  const clientId = choices.clientId ?? CLIENT_ID;
  const redirectUri = choices.redirectUri ?? REDIRECT_URI;
  const { visit } = await authorizeInBrowser(
    browser,
    authorizationUrl(server, {
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: challenge,
      scope: choices.scope,
    }),
    choices,
  );
  if (visit.kind !== 'callback')
    throw new Error(`no callback: ${visit.page.status}\n${visit.page.html}`);
  const code = visit.url.searchParams.get('code');
  if (!code) throw new Error(`no code: ${visit.url.href}`);
  const { status, body } = await tokenRequest(server, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    client_id: clientId,
    redirect_uri: redirectUri,
  });
  if (status !== 200) throw new Error(`token exchange failed: ${status} ${JSON.stringify(body)}`);
  return { body, browser };
}
