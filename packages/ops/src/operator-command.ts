import os from 'node:os';
import {
  runOpsCommand,
  type OpsCommand,
  type OpsContext,
  type OpsOutcome,
} from '@ask-analyst/workspace';
import { confineImportFile } from './import-folder.js';

/**
 * Runs one ops command as the operator the caller authenticated: `ctx.actor` comes from that
 * authentication, never from the command, and an import reads only a file the import folder holds
 * (see `confineImportFile`).
 */
export async function runOperatorCommand(
  ctx: OpsContext & { importDir: string },
  command: OpsCommand,
): Promise<OpsOutcome> {
  const { importDir, ...context } = ctx;
  const confined =
    command.name === 'import'
      ? { ...command, file: await confineImportFile(importDir, command.file) }
      : command;
  return runOpsCommand(context, confined);
}

/**
 * The operating-system account this process runs as, from the system's user database (not
 * `$USER`, which any caller sets): the identity behind the admin interface's token, which only
 * this account can read.
 */
export function processAccount(): string {
  return os.userInfo().username;
}
