import { randomFillSync } from 'node:crypto';

/** Type prefixes of the opaque identifiers (SPEC section 4). */
export type IdPrefix = 'org' | 'usr' | 'wsp' | 'wb' | 'ws' | 'conv' | 'turn' | 'req';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

const ID_LENGTH = 20;
/**
 * Random bytes drawn from the CSPRNG 4 KB at a time (as Node's own `randomUUID` does): one call
 * per id cost more than the rest of a request id's making. Each byte is used once.
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

/** A new random identifier such as `wb_k3j9…` (20 base-36 characters, ~103 bits). */
export function newId(prefix: IdPrefix): string {
  if (poolOffset + ID_LENGTH > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  let body = '';
  for (let i = poolOffset; i < poolOffset + ID_LENGTH; i++) {
    body += ALPHABET[(pool[i] as number) % ALPHABET.length];
  }
  poolOffset += ID_LENGTH;
  return `${prefix}_${body}`;
}

/** Whether `value` looks like an identifier of the given type (cheap shape check, not existence). */
export function hasPrefix(value: string, prefix: IdPrefix): boolean {
  return new RegExp(`^${prefix}_[0-9a-z]{8,40}$`).test(value);
}
