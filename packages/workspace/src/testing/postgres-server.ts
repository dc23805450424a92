import { execFile as execFileCallback, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { chown, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';

const execFile = promisify(execFileCallback);

/**
 * A throwaway Postgres server: the one `npm test` runs the store tests on (started by
 * `scripts/bootstrap.mjs`), or one of a fault test's own, which it may stop and start again on the
 * same data folder and port while clients are connected.
 */
export interface ThrowawayPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`: the superuser on the maintenance database. */
  readonly url: string;
  /**
   * `pg_ctl stop`: `fast` ends every session (clients see `57P01` on a running query and a closed
   * socket when idle), `immediate` kills the server without a clean shutdown (crash recovery at the
   * next start). Resolves once the server is down.
   */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** Starts the server again on the same data folder and port; resolves once it accepts connections. */
  start(): Promise<void>;
  /**
   * Stops every process of the server with SIGSTOP (SIGCONT with `thaw`): a server that hangs
   * without closing its sockets, as behind a network partition. The kernel still accepts
   * connections on its port; nothing answers them.
   */
  freeze(): Promise<void>;
  thaw(): Promise<void>;
  /** Stops the server (if up) and removes its folder. */
  destroy(): Promise<void>;
  /** `destroy()` at once, synchronously: for a process's `exit` handler. */
  destroySync(): void;
}

/**
 * Starts a throwaway server from the machine's Postgres binaries (Debian's `postgresql` package),
 * or says why it cannot: `{ skipped }` when there are no binaries, or when running as root without
 * a `postgres` user to run them as (root may not run postgres).
 */
export async function startThrowawayPostgres(
  settings: { maxConnections?: number } = {},
): Promise<ThrowawayPostgres | { skipped: string }> {
  const bin = findBinDir();
  if (!bin) return { skipped: 'no Postgres server binaries (apt-get install postgresql)' };
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? userIds('postgres') : null;
  if (asRoot && !owner) {
    return { skipped: 'running as root and there is no postgres user to run the server as' };
  }
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args];
  const dir = await mkdtemp(join(tmpdir(), 'ask-analyst-pg-fault-'));
  if (owner) await chown(dir, owner.uid, owner.gid);
  // The server's own folder as working directory: the `postgres` user may not enter the caller's
  // (a checkout in a 0700 `mktemp -d` folder), and initdb and pg_ctl complain when they cannot.
  const run = async (tool: string, args: string[]) => {
    const [cmd, argv] = command(tool, args);
    await execFile(cmd, argv, { timeout: 60_000, cwd: dir });
  };
  const data = join(dir, 'data');
  const port = await freePort();
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=${settings.maxConnections ?? 100}`;
  const start = () =>
    run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', options, 'start']);
  let up = false;
  try {
    await run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
    await start();
    up = true;
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop(mode) {
      await run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
      up = false;
    },
    async start() {
      await start();
      up = true;
    },
    freeze: () => signalServer(data, 'SIGSTOP'),
    thaw: () => signalServer(data, 'SIGCONT'),
    async destroy() {
      try {
        if (up) await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        up = false;
        await rm(dir, { recursive: true, force: true });
      }
    },
    destroySync() {
      try {
        if (up) {
          const [cmd, argv] = command('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
          execFileSync(cmd, argv, { cwd: dir });
        }
      } finally {
        up = false;
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function findBinDir(): string | undefined {
  const candidates: string[] = [];
  if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    for (const version of versions) candidates.push(join('/usr/lib/postgresql', version, 'bin'));
  }
  const onPath = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) candidates.push(join(onPath, '..'));
  return candidates.find(
    (dir) => existsSync(join(dir, 'pg_ctl')) && existsSync(join(dir, 'initdb')),
  );
}

function userIds(name: string): { uid: number; gid: number } | null {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  if (uid.status !== 0) return null;
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' }).stdout.trim();
  return { uid: Number(uid.stdout.trim()), gid: Number(gid) };
}

/** Sends `signal` to the postmaster (its pid file's first line) and every child it has. */
async function signalServer(data: string, signal: 'SIGSTOP' | 'SIGCONT'): Promise<void> {
  const postmaster = Number((await readFile(join(data, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  if (!Number.isInteger(postmaster) || postmaster <= 0) throw new Error('no postmaster pid');
  const pids = [postmaster, ...(await childrenOf(postmaster))];
  // Children first when stopping, so none is left running to notice its parent stopped.
  for (const pid of signal === 'SIGSTOP' ? pids.reverse() : pids) process.kill(pid, signal);
}

/** The pids whose parent is `parent`, from `/proc/<pid>/stat` (Linux). */
async function childrenOf(parent: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // `pid (comm) state ppid …`: the command may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === parent) children.push(Number(entry));
  }
  return children;
}
