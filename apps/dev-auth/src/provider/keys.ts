import type { Database, Queryable } from '@ask-analyst/workspace';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import type { PrivateSigningJwk } from '../config.js';

/** A private signing key in the shape the provider's `jwks` option takes. */
export interface SigningJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  d: string;
  kid: string;
  alg: 'ES256';
  use: 'sig';
}

/** The keys the provider publishes (public parts, at `/jwks`) and the one that signs. */
export interface SigningKeys {
  /** Newest first; every one of them is published. */
  keys: SigningJwk[];
  /** The `kid` of the key that signs new tokens (the newest). */
  signingKid: string;
}

/** Advisory-lock key so two processes starting together over one database create one key, not two. */
const KEY_CREATION_LOCK = 4_711_002;

/**
 * The signing keys to use: the operator's `AUTH_SIGNING_KEYS` when given (the first one signs),
 * otherwise the non-retired ES256 keys kept in `signing_keys`, creating the first one on first start.
 * Retired keys are neither published nor used (rotation: apps/dev-auth/README.md).
 */
export async function loadSigningKeys(
  db: Database,
  configured: PrivateSigningJwk[] | undefined,
): Promise<SigningKeys> {
  const keys = configured
    ? await Promise.all(configured.map(normalize))
    : await db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1)', [KEY_CREATION_LOCK]);
        const stored = await activeKeys(tx);
        if (stored.length > 0) return stored;
        return [await insertNewKey(tx)];
      });
  const [first] = keys;
  if (!first) throw new Error('no signing key available');
  return { keys, signingKid: first.kid };
}

/**
 * Adds a new signing key; it signs from the next start while the older ones stay published, so
 * tokens they signed keep verifying until they expire. Returns the new `kid`.
 */
export async function rotateSigningKey(db: Queryable): Promise<string> {
  return (await insertNewKey(db)).kid;
}

/** Stops publishing a key (do this only after every token it signed has expired). */
export async function retireSigningKey(db: Queryable, kid: string): Promise<boolean> {
  const result = await db.query(
    'update signing_keys set retired_at = now() where kid = $1 and retired_at is null',
    [kid],
  );
  return result.rowCount > 0;
}

async function activeKeys(db: Queryable): Promise<SigningJwk[]> {
  const { rows } = await db.query<{ private_jwk: PrivateSigningJwk }>(
    'select private_jwk from signing_keys where retired_at is null order by created_at desc, kid',
  );
  return Promise.all(rows.map((row) => normalize(row.private_jwk)));
}

async function insertNewKey(db: Queryable): Promise<SigningJwk> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const key = await normalize((await exportJWK(privateKey)) as PrivateSigningJwk);
  await db.query(
    'insert into signing_keys (kid, private_jwk, created_at) values ($1, $2::jsonb, clock_timestamp())',
    [key.kid, JSON.stringify(key)],
  );
  return key;
}

async function normalize(jwk: PrivateSigningJwk): Promise<SigningJwk> {
  const { kty, crv, x, y, d } = jwk;
  if (kty !== 'EC' || crv !== 'P-256' || !x || !y || !d) {
    throw new Error('signing keys must be private EC P-256 JWKs (ES256)');
  }
  const kid = jwk.kid ?? (await calculateJwkThumbprint({ kty, crv, x, y }));
  return { kty, crv, x, y, d, kid, alg: 'ES256', use: 'sig' };
}
