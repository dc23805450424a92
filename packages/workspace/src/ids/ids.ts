import { randomBytes } from 'node:crypto';

/** Type prefixes of the opaque identifiers (SPEC section 4). */
export type IdPrefix = 'org' | 'usr' | 'wsp' | 'wb' | 'ws' | 'conv' | 'turn' | 'req';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A new random identifier such as `wb_k3j9…` (20 base-36 characters, ~103 bits). */
export function newId(prefix: IdPrefix): string {
  const bytes = randomBytes(20);
  let body = '';
  for (const byte of bytes) body += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${body}`;
}

/** Whether `value` looks like an identifier of the given type (cheap shape check, not existence). */
export function hasPrefix(value: string, prefix: IdPrefix): boolean {
  return new RegExp(`^${prefix}_[0-9a-z]{8,40}$`).test(value);
}
