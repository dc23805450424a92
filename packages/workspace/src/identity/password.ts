import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** The scrypt cost new hashes get; stored hashes keep their own (see `passwordNeedsRehash`). */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

const KEY_LENGTH = 32;
const CURRENT: ScryptCost = { N: 16384, r: 8, p: 1 };
/**
 * Stored parameters are data read from the database: bounded so that a corrupted or hostile row
 * cannot make one sign-in allocate gigabytes (scrypt needs about 128·N·r bytes).
 */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

function derive(password: string, salt: Buffer, cost: ScryptCost, length: number): Promise<Buffer> {
  const maxmem = 128 * cost.N * cost.r * 2 + 1024 * 1024;
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, length, { ...cost, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

function positiveInteger(text: string | undefined): number | null {
  if (!text || !/^[1-9][0-9]{0,9}$/.test(text)) return null;
  return Number(text);
}

/** Reads `scrypt$N$r$p$salt$key`; null for anything else or out-of-bounds parameters. */
function parseHash(hash: string): ParsedHash | null {
  const [scheme, nText, rText, pText, saltText, keyText, ...rest] = hash.split('$');
  const N = positiveInteger(nText);
  const r = positiveInteger(rText);
  const p = positiveInteger(pText);
  if (scheme !== 'scrypt' || rest.length > 0 || !N || !r || !p || !saltText || !keyText)
    return null;
  if (N < 2 || N > MAX_N || (N & (N - 1)) !== 0 || r > MAX_R || p > MAX_P) return null;
  const salt = Buffer.from(saltText, 'base64url');
  const key = Buffer.from(keyText, 'base64url');
  if (salt.length < 8 || key.length < 16 || key.length > 64) return null;
  return { cost: { N, r, p }, salt, key };
}

/** Hashes a password with scrypt; the result carries its own salt and parameters. */
export async function hashPassword(password: string, cost: ScryptCost = CURRENT): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost, KEY_LENGTH);
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** A fixed hash to compare against when the user is unknown, so both paths cost the same. */
const DECOY = parseHash(
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
)!;

/**
 * Compares in constant time, deriving with the parameters stored in the hash (so raising the
 * cost later locks nobody out). An absent or unreadable hash still costs one derivation at the
 * current cost (no user enumeration by timing).
 */
export async function verifyPassword(
  password: string,
  hash: string | null | undefined,
): Promise<boolean> {
  const parsed = hash ? parseHash(hash) : null;
  const { cost, salt, key: expected } = parsed ?? DECOY;
  const actual = await derive(password, salt, cost, expected.length);
  return parsed !== null && timingSafeEqual(expected, actual);
}

/**
 * True when a stored hash was made with weaker parameters than new hashes get (or is unreadable):
 * sign-in then stores a fresh hash of the password it just verified.
 */
export function passwordNeedsRehash(hash: string, current: ScryptCost = CURRENT): boolean {
  const parsed = parseHash(hash);
  if (!parsed) return true;
  const { N, r, p } = parsed.cost;
  return N < current.N || r < current.r || p < current.p || parsed.key.length < KEY_LENGTH;
}
