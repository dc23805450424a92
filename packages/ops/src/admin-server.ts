import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { removeAdminFile, writeAdminFile } from './admin-file.js';
import { defaultImportDir, ensureImportDir } from './import-folder.js';
import { processAccount, runOperatorCommand } from './operator-command.js';
import {
  OpsCommandSchema,
  toOpsFailure,
  type Database,
  type StoredCredentials,
  type WorksheetEngine,
} from '@ask-analyst/workspace';

export interface AdminServerOptions {
  db: Database;
  engine: Pick<WorksheetEngine, 'ingest'>;
  /** The authorization server's per-user credentials, deleted on revoke and invalidate. */
  storedCredentials?: StoredCredentials;
  /** The stack's data folder: `admin.json` (port and operator token, mode 0600) is written there. */
  dataDir: string;
  /** The only folder imports read from (created 0700 if missing); default `${dataDir}/imports`. */
  importDir?: string;
  /**
   * Who holds the operator token, recorded as the actor of every command: by default the
   * operating-system account of this process, the only one that can read `admin.json`.
   */
  operator?: string;
  /** Loopback port; 0 (default) picks a free one. */
  port?: number;
  /** Where unexpected errors are reported (never tokens). */
  log?: (line: string) => void;
}

export interface AdminServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** The path commands are posted to. */
export const ADMIN_COMMAND_PATH = '/v1/commands';
// A command carries at most an import's semantic layer (semantics-file.ts), read by the CLI.
const MAX_BODY_BYTES = 1024 * 1024;

// No actor field: the actor is the operator the token authenticates, not what a caller claims.
const AdminRequestSchema = z.strictObject({ command: OpsCommandSchema });

/**
 * The loopback-only admin interface through which `pnpm ops` reaches the running dev stack (whose
 * embedded database only this process may open). It listens on 127.0.0.1, requires a bearer
 * operator token generated at start and written with the port to `${dataDir}/admin.json` (mode
 * 0600, so only the operator's account can read it), refuses other Host headers (DNS rebinding)
 * and any request carrying an Origin (browsers). The audit records that operator as the actor;
 * imports read only from the import folder.
 */
export async function startAdminServer(options: AdminServerOptions): Promise<AdminServer> {
  const token = randomBytes(32).toString('base64url');
  const importDir = options.importDir ?? defaultImportDir(options.dataDir);
  await ensureImportDir(importDir);
  const operator = options.operator ?? processAccount();
  const expected = Buffer.from(`Bearer ${token}`);
  const log = options.log ?? (() => undefined);
  let port = 0;

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log(`admin interface: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent)
        send(response, 500, { error: { code: 'internal', message: 'internal error' } });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const host = request.headers.host ?? '';
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) {
      return send(response, 403, failure('forbidden', 'unexpected Host header'));
    }
    if (request.headers.origin !== undefined)
      return send(response, 403, failure('forbidden', 'browsers may not call this'));
    if (request.url !== ADMIN_COMMAND_PATH)
      return send(response, 404, failure('not_found', 'no such path'));
    if (request.method !== 'POST')
      return send(response, 405, failure('method_not_allowed', 'use POST'));
    const presented = Buffer.from(request.headers.authorization ?? '');
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
      return send(response, 401, failure('unauthorized', 'a valid operator token is required'));
    }
    const body = await readBody(request);
    if (body === null)
      return send(response, 413, failure('payload_too_large', 'request body too large'));
    try {
      const { command } = AdminRequestSchema.parse(JSON.parse(body));
      const outcome = await runOperatorCommand(
        {
          db: options.db,
          engine: options.engine,
          actor: operator,
          storedCredentials: options.storedCredentials,
          importDir,
        },
        command,
      );
      send(response, 200, outcome);
    } catch (error) {
      const { status, code, message } =
        error instanceof SyntaxError
          ? { status: 400, code: 'invalid_argument', message: 'body is not JSON' }
          : toOpsFailure(error);
      if (status >= 500)
        log(
          `admin interface: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
      send(response, status, failure(code, message));
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  try {
    await writeAdminFile(options.dataDir, {
      url,
      token,
      pid: process.pid,
      startedAt: new Date().toISOString(),
    });
  } catch (error) {
    server.close();
    throw error;
  }
  return {
    url,
    port,
    async close() {
      await removeAdminFile(options.dataDir, token);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function failure(code: string, message: string) {
  return { error: { code, message } };
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
