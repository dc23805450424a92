// Facts about the machine for plan.mjs: what is on PATH, who runs, whether sudo asks for a password.
// Reads only; installs nothing. Node 18+ and no dependency, like the rest of the bootstrap.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The path of the executable `name` on PATH, or undefined.
 * @param {string} name
 */
export function findOnPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

/** @param {string} name */
export function onPath(name) {
  return findOnPath(name) !== undefined;
}

/**
 * On PATH, or in an sbin folder that a user's PATH often lacks (Debian's haproxy is /usr/sbin/haproxy).
 * @param {string} name
 */
function hasProgram(name) {
  return (
    onPath(name) ||
    ['/usr/local/sbin', '/usr/sbin', '/sbin'].some((dir) => existsSync(join(dir, name)))
  );
}

/** Debian's postgresql puts its server binaries under /usr/lib/postgresql/<version>/bin, off PATH. */
function hasPostgresServer() {
  const root = '/usr/lib/postgresql';
  const dirs = existsSync(root) ? readdirSync(root).map((v) => join(root, v, 'bin')) : [];
  return (
    dirs.some((dir) => existsSync(join(dir, 'pg_ctl')) && existsSync(join(dir, 'initdb'))) ||
    (onPath('pg_ctl') && onPath('initdb'))
  );
}

/** The places the e2e tests look for Chromium (e2e/src/fixtures/browser.ts), and PATH. */
function hasChromium() {
  return (
    onPath('chromium') ||
    ['/usr/bin/chromium', '/usr/bin/chromium-browser'].some((path) => existsSync(path))
  );
}

/** @param {string} command @param {string[]} args */
function succeeds(command, args) {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}

/**
 * What plan.mjs's `planSystemPackages` decides on.
 * @returns {import('./plan.mjs').MachineFacts}
 */
export function machineFacts() {
  const uid = process.getuid?.() ?? -1;
  return {
    uid,
    aptGet: onPath('apt-get'),
    passwordlessSudo: uid !== 0 && onPath('sudo') && succeeds('sudo', ['-n', 'true']),
    installed: {
      chromium: hasChromium(),
      postgresql: hasPostgresServer(),
      openssl: hasProgram('openssl'),
      'libnss3-tools': hasProgram('certutil'),
      haproxy: hasProgram('haproxy'),
    },
    postgresUser: succeeds('id', ['-u', 'postgres']),
    env: {
      CHROMIUM_PATH: process.env.CHROMIUM_PATH,
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
    },
  };
}
