/**
 * `pnpm eval`: runs the Ask Analyst question sets through the real service: the dev stack on
 * loopback, each question's user signed in through the real OAuth 2.1 + PKCE flow in Chromium, the
 * real MCP tools (list_workbooks to resolve the workbook, start_analysis, continue_analysis,
 * get_analysis). Scores the last turn (its table, columns, row count and chart, never the SQL) and
 * prints, per set, right / refused / answered wrong with the failures listed.
 *
 * Sets: the shared dev set (`../shared/eval/dev.jsonl`) and every `e2e/eval/*.jsonl` (the blind set
 * and its holdout). A set whose file name starts with `holdout` is kept private: its questions are
 * never printed, only ids and outcome classes (`e2e/eval/README.md`).
 *
 *   pnpm eval [--set FILE]... [--data-dir DIR]   (a kept --data-dir skips seeding on the next run)
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Client } from '@modelcontextprotocol/client';
import { launchChromium } from '../fixtures/browser.js';
import { startRedirectReceiver } from '../fixtures/redirect-receiver.js';
import { startTestStack } from '../fixtures/stack.js';
import { connectAs } from '../flows/connect.js';
import {
  formatTally,
  parseEvalSet,
  scoreTurn,
  tally,
  type EvalCase,
  type Outcome,
  type Score,
  type ScoredTurn,
} from './score.js';

interface TurnView extends ScoredTurn {
  id: string;
  answer?: ScoredTurn['answer'] & { interpretation: { restatement: string } };
}
interface Output {
  conversation: { id: string };
  turn: TurnView;
}
interface EvalSet {
  name: string;
  path: string;
  /** Questions never printed (the holdout). */
  private: boolean;
  cases: EvalCase[];
}

const root = resolve(import.meta.dirname, '../../..');
const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { set: { type: 'string', multiple: true }, 'data-dir': { type: 'string' } },
});

async function setPaths(): Promise<string[]> {
  if (args.set?.length) return args.set.map((path) => resolve(path));
  const paths: string[] = [];
  const shared = resolve(root, '../shared/eval/dev.jsonl');
  if (existsSync(shared)) paths.push(shared);
  else console.log(`(no shared dev set at ${shared})`);
  const own = resolve(root, 'e2e/eval');
  const files = existsSync(own)
    ? (await readdir(own)).filter((file) => file.endsWith('.jsonl')).sort()
    : [];
  // The blind set before its holdout, whatever their alphabetical order.
  files.sort((a, b) => Number(a.startsWith('holdout')) - Number(b.startsWith('holdout')));
  return [...paths, ...files.map((file) => resolve(own, file))];
}

async function loadSets(): Promise<EvalSet[]> {
  const sets: EvalSet[] = [];
  for (const path of await setPaths()) {
    const name = basename(path, '.jsonl');
    sets.push({
      name,
      path,
      private: name.startsWith('holdout'),
      cases: parseEvalSet(await readFile(path, 'utf8')),
    });
  }
  return sets;
}

async function call(client: Client, name: string, input: Record<string, unknown>): Promise<Output> {
  const result = await client.callTool({ name, arguments: input });
  if (result.isError) {
    const error = (result.structuredContent as { error?: { code: string; message: string } }).error;
    throw new Error(`${name}: ${error?.code ?? 'error'}: ${error?.message ?? ''}`);
  }
  return result.structuredContent as unknown as Output;
}

async function finished(client: Client, output: Output): Promise<Output> {
  let current = output;
  while (current.turn.status === 'queued' || current.turn.status === 'running') {
    current = await call(client, 'get_analysis', {
      conversationId: current.conversation.id,
      turnId: current.turn.id,
      waitSeconds: 25,
    });
  }
  return current;
}

const workbookIds = new Map<string, string>();

async function workbookId(client: Client, user: string, name: string): Promise<string> {
  const key = `${user}\n${name.toLowerCase()}`;
  const known = workbookIds.get(key);
  if (known) return known;
  const result = await client.callTool({
    name: 'list_workbooks',
    arguments: { query: name, limit: 100 },
  });
  const workbooks =
    (result.structuredContent as { workbooks?: Array<{ id: string; name: string }> }).workbooks ??
    [];
  const found = workbooks.find((w) => w.name.toLowerCase() === name.toLowerCase());
  if (!found) throw new Error(`no workbook named ${JSON.stringify(name)} for this user`);
  workbookIds.set(key, found.id);
  return found.id;
}

async function runCase(client: Client, item: EvalCase): Promise<{ score: Score; detail: string }> {
  const scope = item.workbook
    ? { workbookId: await workbookId(client, item.user, item.workbook) }
    : {};
  let output = await finished(
    client,
    await call(client, 'start_analysis', { question: item.question, ...scope, waitSeconds: 50 }),
  );
  for (const question of item.followups ?? []) {
    output = await finished(
      client,
      await call(client, 'continue_analysis', {
        conversationId: output.conversation.id,
        question,
        waitSeconds: 50,
      }),
    );
  }
  const { turn } = output;
  const score = scoreTurn(turn, item.expect);
  const detail = turn.answer
    ? `${turn.answer.interpretation.restatement} [chart ${turn.answer.chart?.type ?? 'none'}; ` +
      `columns ${turn.answer.table.columns.map((c) => c.name).join(', ')}; ` +
      `${turn.answer.table.rowCount} rows] first rows: ${JSON.stringify(turn.answer.table.rows.slice(0, 3))}`
    : turn.error
      ? `${turn.error.code}: ${turn.error.message ?? ''}`
      : '';
  return { score, detail };
}

const LABEL: Record<Outcome, string> = {
  right: 'ok',
  refused: 'REFUSED',
  wrong: 'WRONG',
  error: 'FAILED',
  unjudged: 'JUDGE',
};

async function main(): Promise<number> {
  const sets = await loadSets();
  console.log(
    `Ask Analyst evaluation: ${sets.map((s) => `${s.name} (${s.cases.length})`).join(', ')}`,
  );
  const stack = await startTestStack({
    ...(args['data-dir'] ? { dataDir: resolve(args['data-dir']) } : {}),
    // The per-user limits (SPEC section 7) would throttle one user asking a hundred questions in a
    // row; this measures the answers, not the limits.
    settings: { ANALYSES_PER_MINUTE: '100000', TOOL_CALLS_PER_MINUTE: '100000' },
  });
  const browser = await launchChromium();
  const receiver = await startRedirectReceiver();
  const clients = new Map<string, Client>();
  const summaries: string[] = [];
  let allRight = true;
  try {
    for (const set of sets) {
      console.log(`\n== ${set.name}: ${set.cases.length} questions from ${set.path}`);
      const outcomes: Outcome[] = [];
      const failures: string[] = [];
      for (const item of set.cases) {
        let client = clients.get(item.user);
        if (!client) {
          client = (await connectAs(stack.mcpUrl, browser, receiver, { email: item.user })).client;
          clients.set(item.user, client);
        }
        const started = Date.now();
        let outcome: { score: Score; detail: string };
        try {
          outcome = await runCase(client, item);
        } catch (error) {
          outcome = {
            score: { outcome: 'error', missed: ['call failed'] },
            detail: (error as Error).message,
          };
        }
        const ms = Date.now() - started;
        const { score } = outcome;
        outcomes.push(score.outcome);
        const label = LABEL[score.outcome].padEnd(7);
        if (set.private) {
          // Only the id and the class: whoever changes the planner must learn nothing of these.
          const line = `  ${label} ${item.id}`;
          console.log(`${line} (${ms} ms)`);
          if (score.outcome !== 'right') failures.push(line);
          continue;
        }
        const asked = `${item.question}${item.followups?.length ? ` → ${item.followups.join(' → ')}` : ''}`;
        if (score.outcome === 'right') {
          console.log(`  ${label} ${item.id} (${ms} ms) ${asked}`);
        } else {
          const line = `  ${label} ${item.id} (${ms} ms) ${asked}\n          missed: ${score.missed.join('; ')}\n          got: ${outcome.detail}`;
          failures.push(line);
          console.log(line);
        }
      }
      const counts = tally(outcomes);
      if (counts.right !== outcomes.length) allRight = false;
      const summary = `${set.name}: ${formatTally(counts)}`;
      summaries.push(summary);
      if (failures.length > 0) console.log(`\n${set.name} failures:\n${failures.join('\n')}`);
      console.log(`\n${summary}`);
    }
  } finally {
    for (const client of clients.values()) await client.close().catch(() => undefined);
    await receiver.close();
    await browser.close();
    if (args['data-dir']) await stack.close();
    else await stack.destroy();
  }
  console.log(`\nAsk Analyst evaluation\n${summaries.map((s) => `  ${s}`).join('\n')}`);
  return allRight ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
