#!/usr/bin/env node
import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  openDatabase,
  toOpsFailure,
  WorksheetEngine,
  type OpsCommand,
  type OpsOutcome,
} from '@ask-analyst/workspace';
import { sendOpsCommand } from './admin-client.js';
import { parseOpsArgs, UsageError, USAGE } from './args.js';
import { defaultImportDir } from './import-folder.js';
import { processAccount, runOperatorCommand } from './operator-command.js';
import { OpsRemoteError } from './remote-error.js';
import { readSemanticsFile } from './semantics-file.js';
import { storedCredentials } from '@ask-analyst/dev-auth/store';

/** Where the CLI writes; tests pass their own. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

const processIo: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

/**
 * `pnpm ops …`: the operator's command line. The one place in this package that reads the
 * environment: DATABASE_URL (work on that Postgres directly), DATA_DIR (the stack's data folder,
 * default `.data`), IMPORT_DIR (the folder direct imports read from, default `${DATA_DIR}/imports`)
 * and CURSOR_SECRET (unused by imports; random when absent). The audit's actor is never read from
 * the environment or the arguments: the stack records its own account, direct mode this account and
 * its database role.
 * Returns the exit status: 0 done, 1 refused or failed, 2 bad usage.
 */
export async function main(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: CliIo = processIo,
): Promise<number> {
  let args;
  try {
    args = parseOpsArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    io.out(USAGE);
    return 0;
  }
  const dataDir = path.resolve(env.DATA_DIR ?? '.data');
  const importDir = path.resolve(env.IMPORT_DIR ?? defaultImportDir(dataDir));
  const command =
    args.command.name === 'import'
      ? { ...args.command, file: path.resolve(args.command.file) }
      : args.command;
  try {
    const sent = args.semanticsFile
      ? { ...command, semantics: await readSemanticsFile(args.semanticsFile) }
      : command;
    const outcome = env.DATABASE_URL
      ? await runDirect(env.DATABASE_URL, dataDir, importDir, env.CURSOR_SECRET, sent)
      : await sendOpsCommand(dataDir, sent);
    io.out(args.json ? JSON.stringify(outcome.result, null, 2) : outcome.summary);
    return 0;
  } catch (error) {
    const failure =
      error instanceof OpsRemoteError
        ? { code: error.code, message: error.message }
        : toOpsFailure(error);
    // Direct mode: an unexpected error (say, the database refusing the connection) is the operator's to see.
    if (failure.code === 'internal' && error instanceof Error) failure.message = error.message;
    io.err(
      args.json
        ? JSON.stringify({ error: { code: failure.code, message: failure.message } })
        : `Error: ${failure.message}`,
    );
    return 1;
  }
}

async function runDirect(
  url: string,
  dataDir: string,
  importDir: string,
  cursorSecret: string | undefined,
  command: OpsCommand,
): Promise<OpsOutcome> {
  const db = await openDatabase({ url });
  let engine: WorksheetEngine | undefined;
  try {
    if (command.name === 'import') {
      engine = await WorksheetEngine.open({
        dataDir,
        cursorSecret: cursorSecret ?? randomBytes(32).toString('base64url'),
      });
    }
    // The identity that authenticated here: this account, and the role DATABASE_URL signed in as.
    const { rows } = await db.query<{ role: string }>('select current_user as role');
    const actor = `${processAccount()} (database role ${rows[0]?.role ?? 'unknown'})`;
    return await runOperatorCommand({ db, engine, actor, storedCredentials, importDir }, command);
  } finally {
    await engine?.close();
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  main(process.argv.slice(2), process.env).then(
    (status) => process.exit(status),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
