import { protocol } from '@electric-sql/pglite';

/** A backend message as PGlite's protocol parser returns it. */
export type BackendMessage = Parameters<Parameters<protocol.Parser['parse']>[1]>[0];

/** A backend error (PGlite's `DatabaseError`: message, SQLSTATE `code`, detail…). */
export type BackendError = Error & { code?: string };

/** What the backend answered to Bind + Execute + Sync: the rows as text, the command tag, or an error. */
export interface ExecuteReply {
  /** Each row's fields in column order, as the backend's text (null for SQL NULL). */
  rows: Array<Array<string | null>>;
  /** The CommandComplete tag (`SELECT 3`, `INSERT 0 1`…), or null when there was none. */
  commandTag: string | null;
  /** The first error the backend answered, with its SQLSTATE. */
  error: BackendError | undefined;
}

const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
const ERROR = 0x45; // 'E'

/**
 * Reads the reply to an execution. Data rows and the command tag are read here directly from the
 * bytes (PGlite's general parser copies every field into a fresh buffer before decoding it, which
 * was a quarter of a list call); an error and anything unusual go through PGlite's own parser.
 */
export function readExecuteReply(reply: Uint8Array): ExecuteReply {
  const bytes = Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength);
  const rows: Array<Array<string | null>> = [];
  let commandTag: string | null = null;
  let error: BackendError | undefined;
  let at = 0;
  while (at + 5 <= bytes.length) {
    const type = bytes[at]!;
    const length = bytes.readInt32BE(at + 1);
    const end = at + 1 + length;
    if (type === DATA_ROW) {
      const count = bytes.readInt16BE(at + 5);
      const row = new Array<string | null>(count);
      let field = at + 7;
      for (let i = 0; i < count; i++) {
        const size = bytes.readInt32BE(field);
        field += 4;
        row[i] = size < 0 ? null : bytes.toString('utf8', field, field + size);
        if (size > 0) field += size;
      }
      rows.push(row);
    } else if (type === COMMAND_COMPLETE) {
      commandTag = bytes.toString('utf8', at + 5, end - 1);
    } else if (type === ERROR && !error) {
      error = parseOne(reply.subarray(at, end)) as unknown as BackendError;
    }
    // Bind/Parse/Close complete, NoData, ReadyForQuery, notices: nothing to read.
    at = end;
  }
  return { rows, commandTag, error };
}

/** Rows changed by a write, from its command tag (0 for a read). */
export function affectedRows(commandTag: string | null): number {
  if (!commandTag) return 0;
  const words = commandTag.split(' ');
  if (!['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY'].includes(words[0] ?? '')) return 0;
  const count = Number.parseInt(words[words.length - 1] ?? '', 10);
  return Number.isNaN(count) ? 0 : count;
}

/** Every message of a reply, through PGlite's own parser (for the rare trips: prepare, close). */
export function parseAll(reply: Uint8Array): BackendMessage[] {
  const messages: BackendMessage[] = [];
  new protocol.Parser().parse(reply, (message) => messages.push(message));
  return messages;
}

function parseOne(message: Uint8Array): BackendMessage | undefined {
  return parseAll(message)[0];
}
