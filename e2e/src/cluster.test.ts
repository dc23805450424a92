import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startCluster, type RunningCluster } from '@ask-analyst/dev-stack';
import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './fixtures/browser.js';
import {
  clusterClient,
  type ClusterAnswer,
  type ClusterClient,
} from './fixtures/cluster-client.js';
import { TestOAuthClient } from './fixtures/oauth-client.js';
import { startRedirectReceiver, type RedirectReceiver } from './fixtures/redirect-receiver.js';
import { startSlowModel, type SlowModel } from './fixtures/slow-model.js';
import { signInInBrowser } from './flows/sign-in.js';

const OPS_CLI = fileURLToPath(new URL('../../packages/ops/dist/cli.js', import.meta.url));
/** A turn's lease here: a killed replica's turn is re-run by another after about this long. */
const TURN_LEASE_SECONDS = 4;
/** SPEC section 7 allows 30 s; short here so the test sees revocations sooner. */
const PRINCIPAL_CACHE_SECONDS = 2;
const REPLICAS = ['mcp-1', 'mcp-2', 'mcp-3'];

interface Turn {
  id: string;
  status: string;
  error?: { code: string };
}
interface AnalysisResult {
  conversation: { id: string; turnCount?: number };
  turn: Turn;
}

/**
 * The production topology of `pnpm cluster`, started once: a throwaway Postgres, dev-auth, three
 * MCP server processes behind HAProxy (TLS, round-robin, /readyz health checks), the web app and
 * the CDN. Through HAProxy, with tokens from the real OAuth flow in Chromium, it proves SPEC
 * section 1's "any replica answers any request" under a crash, a rolling restart, a Postgres
 * restart and operator revocations. A model that holds its planning requests (`startSlowModel`)
 * keeps a turn running as long as a test needs.
 */
describe('three MCP replicas behind HAProxy on one Postgres', () => {
  let dataDir: string;
  let cluster: RunningCluster;
  let client: ClusterClient;
  let browser: Browser;
  let receiver: RedirectReceiver;
  let model: SlowModel;
  /** Access tokens of ada (admin, analyst) and alan (analyst), signed in through HAProxy. */
  let ada: string;
  let alan: string;
  let workbookId: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ask-analyst-e2e-cluster-'));
    model = await startSlowModel();
    [cluster, browser, receiver] = await Promise.all([
      startCluster({
        dataDir,
        ports: 'free',
        shutdownDelaySeconds: 2,
        checkIntervalMs: 500,
        settings: {
          TURN_LEASE_SECONDS: String(TURN_LEASE_SECONDS),
          PRINCIPAL_CACHE_SECONDS: String(PRINCIPAL_CACHE_SECONDS),
          ANALYST_MODEL_URL: model.url,
          ANALYST_MODEL: 'slow-test-model',
          ANALYST_MODEL_TIMEOUT_SECONDS: '100',
          // The load below is one client address and two users: the limits are not under test here.
          TOOL_CALLS_PER_MINUTE: '100000',
          ANALYSES_PER_MINUTE: '1000',
          REQUESTS_PER_IP_PER_MINUTE: '100000',
          RETENTION_PURGE_INTERVAL_MINUTES: '0',
        },
      }),
      launchChromium(),
      startRedirectReceiver(),
    ]);
    client = await clusterClient(cluster.mcpUrl, cluster.certFile);
    ada = await signIn('ada@acme.test');
    alan = await signIn('alan@acme.test');
    const listed = await client.call(ada, 'list_workbooks', { query: 'Automobiles' });
    workbookId = (listed.result?.structured.workbooks as Array<{ id: string }>)[0]!.id;
  });
  afterAll(async () => {
    await Promise.allSettled([
      receiver?.close(),
      browser?.close(),
      client?.close(),
      model?.close(),
    ]);
    await cluster?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The interactive OAuth flow through HAProxy's https origin; returns the access token. */
  async function signIn(email: string): Promise<string> {
    const oauth = new TestOAuthClient({
      redirectUrl: receiver.url,
      clientId: 'analyst-code-editor',
    });
    const transport = new StreamableHTTPClientTransport(new URL(`${cluster.mcpUrl}/mcp`), {
      authProvider: oauth,
      fetch: client.fetch,
    });
    await expect(new Client({ name: 'e2e', version: '1.0.0' }).connect(transport)).rejects.toThrow(
      UnauthorizedError,
    );
    const callback = await signInInBrowser(browser, oauth.authorizationUrl as URL, receiver, {
      email,
    });
    await transport.finishAuth(callback);
    const token = oauth.tokens()?.access_token;
    if (!token) throw new Error(`no access token for ${email}`);
    return token;
  }

  /** A tool call that retries the SPEC 503 (with Retry-After) as a client does; other answers count. */
  async function callRetrying(
    token: string,
    name: string,
    args: Record<string, unknown>,
    retried: { count: number } = { count: 0 },
  ): Promise<ClusterAnswer> {
    for (;;) {
      const answer = await client.call(token, name, args);
      if (answer.status !== 503 || answer.httpError !== 'mcp_unavailable' || !answer.retryAfter) {
        return answer;
      }
      retried.count += 1;
      await sleep(Number(answer.retryAfter) * 1000);
    }
  }

  /** Until HAProxy has routed `/readyz` to every replica named (each is in rotation again). */
  async function inRotation(names: readonly string[], ms = 30_000): Promise<void> {
    const seen = new Set<string>();
    const deadline = Date.now() + ms;
    while (!names.every((name) => seen.has(name))) {
      if (Date.now() > deadline) throw new Error(`only ${[...seen].join(', ')} in rotation`);
      const answer = await client.ready();
      if (answer.status === 200 && answer.replica) seen.add(answer.replica);
      else await sleep(100);
    }
  }

  async function turnOf(conversationId: string, turnId: string): Promise<Turn> {
    let answer = await callRetrying(ada, 'get_analysis', { conversationId, turnId });
    // A call HAProxy had sent to a replica at the moment it was killed gets HAProxy's 502.
    for (let tries = 0; answer.status === 502 && tries < 3; tries++) {
      answer = await callRetrying(ada, 'get_analysis', { conversationId, turnId });
    }
    if (answer.status !== 200 || !answer.result || answer.result.isError) {
      throw new Error(`get_analysis answered ${JSON.stringify(answer)}`);
    }
    return (answer.result.structured as unknown as AnalysisResult).turn;
  }

  /** Polls a turn through HAProxy until it leaves queued/running (at most 60 s). */
  async function finishedTurn(
    conversationId: string,
    turnId: string,
    onPoll: () => void = () => {},
  ): Promise<Turn> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      onPoll();
      const turn = await turnOf(conversationId, turnId);
      if (!['queued', 'running'].includes(turn.status)) return turn;
      if (Date.now() > deadline) throw new Error(`turn ${turnId} still ${turn.status} after 60 s`);
      await sleep(250);
    }
  }

  /**
   * Starts `question` as ada and returns at once, once the replica that wrote the turn (it had
   * room, so it runs it) has sent its planning request to the held model. `before` is how many
   * requests the model had received until then.
   */
  async function startHeldTurn(question: string) {
    model.hold();
    const before = model.received;
    const started = await client.call(ada, 'start_analysis', {
      question,
      workbookId,
      waitSeconds: 0,
    });
    const { conversation, turn } = started.result?.structured as unknown as AnalysisResult;
    await until(() => model.received > before);
    return { replica: started.replica, conversation, turn, before };
  }

  /**
   * Steady bounded load while `during` runs: `workers` clients in a loop of list_workbooks and
   * whoami as ada. Returns every answer that is not a success and how many SPEC 503s were retried.
   */
  async function underLoad(
    during: () => Promise<void>,
    allowed: (answer: ClusterAnswer) => boolean = () => false,
    workers = 2,
  ): Promise<{ failures: ClusterAnswer[]; ok: number; retried: number; tolerated: number }> {
    let running = true;
    const failures: ClusterAnswer[] = [];
    let tolerated = 0;
    const retried = { count: 0 };
    let ok = 0;
    const loop = async (worker: number) => {
      for (let i = 0; running; i++) {
        const name = (i + worker) % 2 === 0 ? 'list_workbooks' : 'whoami';
        const answer = await callRetrying(ada, name, {}, retried).catch(
          (error: unknown): ClusterAnswer => ({
            status: 0,
            replica: null,
            retryAfter: null,
            httpError: String(error),
          }),
        );
        if (answer.status === 200 && answer.result && !answer.result.isError) ok += 1;
        else if (allowed(answer)) tolerated += 1;
        else failures.push(answer);
        // Bounded: a few dozen calls a second at most on two shared cores.
        await sleep(20);
      }
    };
    const loops = Array.from({ length: workers }, (_, worker) => loop(worker));
    try {
      await during();
    } finally {
      running = false;
      await Promise.all(loops);
    }
    return { failures, ok, retried: retried.count, tolerated };
  }

  it('spreads tool calls over all three replicas; a conversation moves between them', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const answer = await client.call(ada, 'list_workbooks', {});
      expect(answer.status).toBe(200);
      expect(answer.result?.isError).toBe(false);
      if (answer.replica) seen.add(answer.replica);
    }
    expect([...seen].sort()).toEqual(REPLICAS);

    const started = await client.call(ada, 'start_analysis', {
      question: 'Average miles per gallon by year',
      workbookId,
      waitSeconds: 20,
    });
    const first = started.result?.structured as unknown as AnalysisResult;
    expect(first.turn.status).toBe('succeeded');
    const continued = await client.call(ada, 'continue_analysis', {
      conversationId: first.conversation.id,
      question: 'now by origin',
      waitSeconds: 20,
    });
    const second = continued.result?.structured as unknown as AnalysisResult;
    expect(second.turn.status).toBe('succeeded');
    const read = await client.call(ada, 'get_analysis', { conversationId: first.conversation.id });
    const last = read.result?.structured as unknown as AnalysisResult;
    expect(last.turn.id).toBe(second.turn.id);
    expect(last.conversation.turnCount).toBe(2);
    // Round-robin: the three calls of the conversation were answered by three replicas.
    expect(new Set([started.replica, continued.replica, read.replica]).size).toBe(3);
  });

  it('finishes the turn of a replica killed with SIGKILL on another one', async () => {
    const { replica, conversation, turn, before } = await startHeldTurn(
      'Average horsepower by cylinders',
    );
    const victim = cluster.replicas.find((running) => running.name === replica);
    if (!victim) throw new Error(`no replica named ${replica}`);
    await victim.kill('SIGKILL');
    expect((await turnOf(conversation.id, turn.id)).status).toBe('running');

    // Once its lease lapses, another runner re-runs it: a replica or the web app's runner, whose
    // planning request (the same model's) is held again until released here.
    const finished = await finishedTurn(conversation.id, turn.id, () => {
      if (model.received > before + 1) model.release();
    });
    expect(finished.status).toBe('succeeded');

    await victim.start();
    await inRotation([victim.name]);
  });

  it('restarts the replicas one by one under load with no failed request but the SPEC 503', async () => {
    // A turn held running throughout. Before each SIGTERM a long poll is held on that very replica
    // (called on its own port: HAProxy's round-robin cannot be aimed), so every stop is seen to
    // answer its poll at once instead of after 25 s; the client then polls again through HAProxy.
    const { conversation, turn } = await startHeldTurn('Average horsepower by origin');
    const poll = { conversationId: conversation.id, turnId: turn.id };
    const heldPolls: Array<{ replica: string; ms: number; status: string }> = [];
    const repolls: string[] = [];
    const exits: Array<number | string | null> = [];
    const { failures, ok, retried } = await underLoad(async () => {
      for (const replica of cluster.replicas) {
        const direct = await clusterClient(
          `http://127.0.0.1:${replica.spec.port}`,
          cluster.certFile,
          { 'x-forwarded-proto': 'https' },
        );
        try {
          const at = Date.now();
          const held = direct.call(ada, 'get_analysis', { ...poll, waitSeconds: 25 });
          // Long enough for a loopback request to be in flight on the replica before it stops.
          await sleep(1_000);
          exits.push(await replica.stop());
          const answer = await held;
          const polled = (answer.result?.structured as unknown as AnalysisResult | undefined)?.turn;
          heldPolls.push({
            replica: replica.name,
            ms: Date.now() - at,
            status: polled?.status ?? `http ${answer.status} ${answer.httpError ?? ''}`,
          });
        } finally {
          await direct.close();
        }
        repolls.push((await turnOf(conversation.id, turn.id)).status);
        await replica.start();
        await inRotation([replica.name]);
      }
    });
    expect(failures).toEqual([]);
    expect(ok).toBeGreaterThan(20);
    const outputs = cluster.replicas.map((r) => `--- ${r.name}\n${r.output().slice(-3000)}`);
    expect(exits, outputs.join('\n')).toEqual([0, 0, 0]);
    // Each stop answered the poll it held with the unfinished turn, well before its 25 s.
    for (const held of heldPolls) {
      expect(held.ms, JSON.stringify(held)).toBeLessThan(20_000);
      expect(['queued', 'running'], JSON.stringify(held)).toContain(held.status);
    }
    expect(heldPolls.map((held) => held.replica)).toEqual(REPLICAS);
    // Polled again through HAProxy, the turn is still there and unfinished (another replica has it).
    expect(repolls.every((status) => ['queued', 'running'].includes(status))).toBe(true);
    console.log(
      `rolling restart: ${ok} calls ok, ${retried} SPEC 503 retried, ` +
        `held polls answered in ${heldPolls.map((held) => held.ms).join('/')} ms`,
    );

    // The turn was re-queued at each stop of its runner and is finished by a replica still up.
    model.release();
    expect((await finishedTurn(conversation.id, turn.id)).status).toBe('succeeded');
  });

  it('rides out a Postgres restart: ok, retryable unavailable or the SPEC 503, then recovers', async () => {
    const allowed = (answer: ClusterAnswer) =>
      (answer.status === 503 && answer.httpError === 'mcp_unavailable' && !!answer.retryAfter) ||
      (answer.status === 200 &&
        answer.result?.isError === true &&
        (answer.result.structured.error as { code?: string; retryable?: boolean } | undefined)
          ?.code === 'unavailable' &&
        (answer.result.structured.error as { retryable?: boolean }).retryable === true);
    const { failures, ok, retried, tolerated } = await underLoad(async () => {
      await sleep(500);
      await cluster.postgres.stop('fast');
      await sleep(2_000);
      await cluster.postgres.start();
      // Recovery without restarting a replica: every one is back in rotation and answers.
      await inRotation(REPLICAS, 60_000);
    }, allowed);
    expect(failures).toEqual([]);
    expect(ok).toBeGreaterThan(0);
    console.log(
      `Postgres restart: ${ok} calls ok, ${retried} SPEC 503 retried, ${tolerated} retryable unavailable`,
    );
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const answer = await client.call(ada, 'whoami', {});
      expect(answer.status).toBe(200);
      expect(answer.result?.isError).toBe(false);
      if (answer.replica) seen.add(answer.replica);
    }
    expect([...seen].sort()).toEqual(REPLICAS);
  });

  it('applies pnpm ops invalidate-tokens and revoke-user on every replica within 30 s', async () => {
    for (const [command, email, token] of [
      ['invalidate-tokens', 'ada@acme.test', ada],
      ['revoke-user', 'alan@acme.test', alan],
    ] as const) {
      expect((await client.call(token, 'whoami', {})).status).toBe(200);
      const at = Date.now();
      await runOps([command, email]);
      // Refused by every replica: three answers in a row, round-robin, all 401.
      const refusedBy = new Set<string>();
      while (refusedBy.size < REPLICAS.length) {
        expect(Date.now() - at, `${command}: still accepted after 30 s`).toBeLessThan(30_000);
        const answer = await client.call(token, 'whoami', {});
        if (answer.status === 401 && answer.replica) refusedBy.add(answer.replica);
        else {
          refusedBy.clear();
          await sleep(250);
        }
      }
    }
  });

  /** The real ops CLI, straight on the cluster's Postgres (DATABASE_URL), as an operator runs it. */
  function runOps(args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [OPS_CLI, ...args], {
        env: {
          ...process.env,
          DATABASE_URL: cluster.databaseUrl,
          DATA_DIR: cluster.dataDir,
          USER: 'e2e-operator',
        },
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0
          ? resolve(out)
          : reject(new Error(`ops ${args.join(' ')} exited ${code}: ${out}`)),
      );
    });
  }
});

async function until(check: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(50);
  }
}
