/**
 * A JSON-RPC answer of an exact size, for the bare route that answers as many bytes as a product
 * row does: what the ceiling is for an answer that large (the load generator reads every byte).
 */

/** Smallest and largest answers the bare route makes. */
export const SIZED_ANSWER_BYTES = { min: 64, max: 4 * 1024 * 1024 } as const;

/**
 * `{"jsonrpc":"2.0","id":…,"result":{"padding":"xx…"}}` of exactly `bytes` bytes (UTF-8), as
 * bytes. Throws when `bytes` is outside `SIZED_ANSWER_BYTES` or too small for the id.
 */
export function sizedAnswer(id: string | number | null, bytes: number): Buffer {
  if (
    !Number.isInteger(bytes) ||
    bytes < SIZED_ANSWER_BYTES.min ||
    bytes > SIZED_ANSWER_BYTES.max
  ) {
    throw new RangeError(
      `answer size must be a whole number of bytes from ${SIZED_ANSWER_BYTES.min} to ${SIZED_ANSWER_BYTES.max}`,
    );
  }
  const start = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"padding":"`;
  const end = '"}}';
  const padding = bytes - Buffer.byteLength(start) - end.length;
  if (padding < 0) throw new RangeError(`an answer with id ${JSON.stringify(id)} needs more bytes`);
  return Buffer.from(`${start}${'x'.repeat(padding)}${end}`);
}
