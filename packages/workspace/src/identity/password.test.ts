import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordNeedsRehash, verifyPassword } from './password.js';

/** A hash written the way an older (or newer) release would have written it. */
function hashWith(password: string, N: number, r: number, p: number): string {
  const salt = Buffer.from('0123456789abcdef');
  const key = scryptSync(password, salt, 32, { N, r, p, maxmem: 256 * 1024 * 1024 });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

describe('password hashes', () => {
  it('verifies a fresh hash and refuses a wrong password', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('wrong horse', hash)).toBe(false);
  });

  it('verifies with the parameters stored in the hash, weaker or stronger than current', async () => {
    expect(await verifyPassword('pw', hashWith('pw', 1024, 8, 1))).toBe(true);
    expect(await verifyPassword('pw', hashWith('pw', 32768, 8, 1))).toBe(true);
    expect(await verifyPassword('other', hashWith('pw', 1024, 8, 1))).toBe(false);
  });

  it('asks for a rehash only when the stored cost is below current', async () => {
    expect(passwordNeedsRehash(hashWith('pw', 1024, 8, 1))).toBe(true);
    expect(passwordNeedsRehash(hashWith('pw', 16384, 4, 1))).toBe(true);
    expect(passwordNeedsRehash(await hashPassword('pw'))).toBe(false);
    expect(passwordNeedsRehash(hashWith('pw', 32768, 8, 1))).toBe(false);
    expect(passwordNeedsRehash('garbage')).toBe(true);
  });

  it('refuses unreadable or out-of-bounds hashes without throwing', async () => {
    for (const hash of [
      '',
      'bcrypt$x',
      'scrypt$16384$8$1$$',
      'scrypt$1000$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      `scrypt$${2 ** 30}$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
      'scrypt$16384$999$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      'scrypt$-1$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      expect(await verifyPassword('pw', hash)).toBe(false);
    }
    expect(await verifyPassword('pw', null)).toBe(false);
  });
});
