/**
 * `pnpm eval`: runs an Ask Analyst question set (default `../shared/eval/dev.jsonl`) through the real
 * service: the dev stack on loopback, each question's user signed in through the real OAuth 2.1 +
 * PKCE flow in Chromium, the real MCP tools (list_workbooks to resolve the workbook, start_analysis,
 * continue_analysis, get_analysis). Scores the last turn's table (never the SQL) and prints each
 * failure, then `N passed, M failed`.
 *
 *   pnpm eval [--set FILE] [--data-dir DIR]   (a kept --data-dir skips seeding on the next run)
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Client } from '@modelcontextprotocol/client';
import { launchChromium } from '../fixtures/browser.js';
import { startRedirectReceiver } from '../fixtures/redirect-receiver.js';
import { startTestStack } from '../fixtures/stack.js';
import { connectAs } from '../flows/connect.js';
import { missedExpectations, parseEvalSet, type EvalCase } from './score.js';

interface TurnView {
  id: string;
  status: string;
  answer?: { table: { rows: unknown[][] }; interpretation: { restatement: string } };
  error?: { code: string; message: string };
}
interface Output {
  conversation: { id: string };
  turn: TurnView;
}

const root = resolve(import.meta.dirname, '../../..');
const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { set: { type: 'string' }, 'data-dir': { type: 'string' } },
});
const setPath = resolve(args.set ?? resolve(root, '../shared/eval/dev.jsonl'));

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

async function workbookId(client: Client, name: string): Promise<string> {
  const result = await client.callTool({
    name: 'list_workbooks',
    arguments: { query: name, limit: 100 },
  });
  const workbooks =
    (result.structuredContent as { workbooks?: Array<{ id: string; name: string }> }).workbooks ??
    [];
  const found = workbooks.find((w) => w.name.toLowerCase() === name.toLowerCase());
  if (!found) throw new Error(`no workbook named ${JSON.stringify(name)} for this user`);
  return found.id;
}

async function runCase(
  client: Client,
  item: EvalCase,
): Promise<{ missed: string[]; detail: string }> {
  const scope = item.workbook ? { workbookId: await workbookId(client, item.workbook) } : {};
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
  if (turn.status !== 'succeeded' || !turn.answer) {
    return {
      missed: [`turn ${turn.status}`],
      detail: turn.error ? `${turn.error.code}: ${turn.error.message}` : '',
    };
  }
  return {
    missed: missedExpectations(turn.answer.table.rows, item.expect),
    detail: `${turn.answer.interpretation.restatement} first rows: ${JSON.stringify(turn.answer.table.rows.slice(0, 3))}`,
  };
}

async function main(): Promise<number> {
  const cases = parseEvalSet(await readFile(setPath, 'utf8'));
  console.log(`Ask Analyst evaluation: ${cases.length} questions from ${setPath}`);
  const stack = await startTestStack(
    args['data-dir'] ? { dataDir: resolve(args['data-dir']) } : {},
  );
  const browser = await launchChromium();
  const receiver = await startRedirectReceiver();
  const clients = new Map<string, Client>();
  let passed = 0;
  const failures: string[] = [];
  try {
    for (const item of cases) {
      let client = clients.get(item.user);
      if (!client) {
        client = (await connectAs(stack.mcpUrl, browser, receiver, { email: item.user })).client;
        clients.set(item.user, client);
      }
      const started = Date.now();
      let outcome: { missed: string[]; detail: string };
      try {
        outcome = await runCase(client, item);
      } catch (error) {
        outcome = { missed: ['call failed'], detail: (error as Error).message };
      }
      const ms = Date.now() - started;
      if (outcome.missed.length === 0) {
        passed += 1;
        console.log(`  ok    ${item.id} (${ms} ms) ${item.question}`);
      } else {
        const line = `  FAIL  ${item.id} (${ms} ms) ${item.question}${item.followups?.length ? ` → ${item.followups.join(' → ')}` : ''}\n        missed: ${outcome.missed.join('; ')}\n        got: ${outcome.detail}`;
        failures.push(line);
        console.log(line);
      }
    }
  } finally {
    for (const client of clients.values()) await client.close().catch(() => undefined);
    await receiver.close();
    await browser.close();
    if (args['data-dir']) await stack.close();
    else await stack.destroy();
  }
  if (failures.length > 0) console.log(`\nFailures:\n${failures.join('\n')}`);
  console.log(`\n${passed} passed, ${failures.length} failed`);
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
