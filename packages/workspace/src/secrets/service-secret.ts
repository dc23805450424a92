import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.js';

/** Per database handle, so a process talking to two databases keeps their secrets apart. */
const caches = new WeakMap<Queryable, Map<string, Promise<Buffer>>>();

/**
 * A random secret shared by every process on this database, created on first use (32 bytes). The
 * product core keys its own integrity checks with it (list cursors), so no replica needs extra
 * configuration and all of them accept each other's cursors.
 */
export function serviceSecret(db: Queryable, name: string): Promise<Buffer> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let secret = cache.get(name);
  if (!secret) {
    secret = loadOrCreate(db, name);
    cache.set(name, secret);
    const entries = cache;
    secret.catch(() => entries.delete(name));
  }
  return secret;
}

async function loadOrCreate(db: Queryable, name: string): Promise<Buffer> {
  await db.query(
    'insert into service_secrets (name, value) values ($1, $2) on conflict (name) do nothing',
    [name, randomBytes(32).toString('base64url')],
  );
  const { rows } = await db.query<{ value: string }>(
    'select value from service_secrets where name = $1',
    [name],
  );
  if (!rows[0]) throw new Error(`service secret ${name} could not be created`);
  return Buffer.from(rows[0].value, 'base64url');
}
