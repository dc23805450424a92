// A throwaway Postgres server for the store tests, from the machine's own binaries (Debian's
// `postgresql` package): initdb into a temporary folder, start on a free loopback port, stop and
// remove it afterwards. Root cannot run postgres, so as root it runs as the `postgres` user.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function findBinDir() {
  const onPath = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' }).stdout.trim();
  const candidates = [];
  if (existsSync('/usr/lib/postgresql')) {
    for (const version of readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))) {
      candidates.push(join('/usr/lib/postgresql', version, 'bin'));
    }
  }
  if (onPath) candidates.push(join(onPath, '..'));
  return candidates.find((dir) => existsSync(join(dir, 'pg_ctl')) && existsSync(join(dir, 'initdb')));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function userIds(name) {
  const result = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  if (result.status !== 0) return null;
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' }).stdout.trim();
  return { uid: Number(result.stdout.trim()), gid: Number(gid) };
}

/**
 * Starts a throwaway server and returns `{ url, stop }`, or `{ skipped: reason }` when this machine
 * has no Postgres binaries (or, as root, no `postgres` user to run them as).
 */
export async function startThrowawayPostgres() {
  const bin = findBinDir();
  if (!bin) return { skipped: 'no Postgres server binaries (apt-get install postgresql)' };
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? userIds('postgres') : null;
  if (asRoot && !owner) return { skipped: 'running as root and there is no postgres user to run the server as' };
  const run = (tool, args) => {
    const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
    execFileSync(cmd, argv, { stdio: 'pipe' });
  };

  const dir = mkdtempSync(join(tmpdir(), 'ask-analyst-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=200`;
  run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', options, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
