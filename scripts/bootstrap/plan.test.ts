import { describe, expect, it } from 'vitest';
import type { MachineFacts } from './plan.mjs';
import {
  SYSTEM_PACKAGES,
  isSupportedNode,
  planNode,
  planPnpm,
  planSystemPackages,
} from './plan.mjs';

const everything = Object.fromEntries(SYSTEM_PACKAGES.map((pkg) => [pkg.debian, true]));

/** A Debian machine as CI has it: root, apt-get, every package there, a postgres user. */
function machine(overrides: Partial<MachineFacts> = {}): MachineFacts {
  return {
    uid: 0,
    aptGet: true,
    passwordlessSudo: false,
    installed: everything,
    postgresUser: true,
    env: {},
    ...overrides,
  };
}

const without = (...names: string[]) => ({
  ...everything,
  ...Object.fromEntries(names.map((name) => [name, false])),
});

describe('planSystemPackages', () => {
  it('does nothing on a machine that has every package', () => {
    expect(planSystemPackages(machine())).toEqual({ kind: 'ready', steps: [], missing: [] });
  });

  it.each(SYSTEM_PACKAGES.map((pkg) => pkg.debian))(
    'as root, installs a missing %s with apt-get, non-interactively',
    (name) => {
      const plan = planSystemPackages(machine({ installed: without(name) }));
      expect(plan).toEqual({
        kind: 'ready',
        missing: [name],
        steps: [
          {
            command: 'apt-get',
            args: ['update', '-qq'],
            env: { DEBIAN_FRONTEND: 'noninteractive' },
          },
          {
            command: 'apt-get',
            args: ['install', '-y', '-qq', '--no-install-recommends', name],
            env: { DEBIAN_FRONTEND: 'noninteractive' },
          },
        ],
      });
    },
  );

  it('installs every missing package in one apt-get call, in the listed order', () => {
    const plan = planSystemPackages(machine({ installed: without('haproxy', 'libnss3-tools') }));
    expect(plan.kind === 'ready' && plan.steps[1]?.args.slice(4)).toEqual([
      'libnss3-tools',
      'haproxy',
    ]);
  });

  it('as a user with passwordless sudo, installs through sudo -n, keeping DEBIAN_FRONTEND', () => {
    const plan = planSystemPackages(
      machine({ uid: 1000, passwordlessSudo: true, installed: without('chromium') }),
    );
    expect(plan.kind === 'ready' && plan.steps).toEqual([
      {
        command: 'sudo',
        args: ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'update', '-qq'],
      },
      {
        command: 'sudo',
        args: [
          '-n',
          'env',
          'DEBIAN_FRONTEND=noninteractive',
          'apt-get',
          'install',
          '-y',
          '-qq',
          '--no-install-recommends',
          'chromium',
        ],
      },
    ]);
  });

  it('as a user without passwordless sudo, stops with one message: each package and the command', () => {
    const plan = planSystemPackages(
      machine({ uid: 1000, installed: without('chromium', 'libnss3-tools') }),
    );
    expect(plan.kind).toBe('stop');
    if (plan.kind !== 'stop') return;
    expect(plan.missing).toEqual(['chromium', 'libnss3-tools']);
    expect(plan.message).toContain('neither as root nor with passwordless sudo');
    expect(plan.message).toMatch(/^ {2}chromium {7}chromium, for the browser/m);
    expect(plan.message).toMatch(/^ {2}libnss3-tools {2}certutil, for /m);
    expect(plan.message).toContain(
      '  sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium libnss3-tools\n',
    );
    expect(plan.message).toContain('or set CHROMIUM_PATH (instead of chromium);');
  });

  it('as a user with nothing missing, goes on without sudo', () => {
    expect(planSystemPackages(machine({ uid: 1000, postgresUser: false }))).toEqual({
      kind: 'ready',
      steps: [],
      missing: [],
    });
  });

  it('on a machine without apt-get, stops and gives the Debian names and command', () => {
    const plan = planSystemPackages(machine({ aptGet: false, installed: without('postgresql') }));
    expect(plan.kind).toBe('stop');
    if (plan.kind !== 'stop') return;
    expect(plan.message).toContain('this machine has no apt-get');
    expect(plan.message).toContain("system's package manager");
    expect(plan.message).toContain('apt-get install -y --no-install-recommends postgresql');
    expect(plan.message).toContain('or set TEST_DATABASE_URL (instead of postgresql);');
  });

  it('needs no postgresql when TEST_DATABASE_URL names a server, and no chromium with CHROMIUM_PATH', () => {
    const plan = planSystemPackages(
      machine({
        uid: 1000,
        installed: without('postgresql', 'chromium'),
        env: { TEST_DATABASE_URL: 'postgres://db/postgres', CHROMIUM_PATH: '/opt/chromium' },
      }),
    );
    expect(plan).toEqual({ kind: 'ready', steps: [], missing: [] });
  });

  it('as root without a postgres user, creates one for the throwaway server', () => {
    const plan = planSystemPackages(machine({ postgresUser: false }));
    expect(plan.kind === 'ready' && plan.steps).toEqual([
      { command: 'useradd', args: ['--system', '--no-create-home', 'postgres'] },
    ]);
  });

  it("leaves creating the postgres user to Debian's postgresql package when installing it", () => {
    const plan = planSystemPackages(
      machine({ postgresUser: false, installed: without('postgresql') }),
    );
    expect(plan.kind === 'ready' && plan.steps.map((step) => step.command)).toEqual([
      'apt-get',
      'apt-get',
    ]);
  });
});

describe('planNode', () => {
  const node22 = { path: '/repo/tooling/node22/node_modules/node/bin/node', version: 'v22.23.3' };

  it('runs on the Node 22 binary of the npm node package when the machine has Node 20', () => {
    expect(planNode({ machineVersion: 'v20.20.2', node22 })).toEqual({
      kind: 'node22',
      path: node22.path,
      version: 'v22.23.3',
      note:
        'Node v22.23.3 from the npm node package (tooling/node22): ' +
        "the machine's v20.20.2 is not a supported LTS",
    });
  });

  it.each(['v22.12.0', 'v22.23.3', 'v24.4.1', 'v26.1.0'])("keeps the machine's %s", (version) => {
    expect(planNode({ machineVersion: version, node22 })).toEqual({
      kind: 'machine',
      version,
      note: `Node ${version} (the machine's)`,
    });
  });

  it.each(['v18.20.8', 'v22.11.0', 'v23.11.1', 'v25.2.0'])(
    'replaces %s, which is not a supported LTS',
    (version) => {
      expect(planNode({ machineVersion: version, node22 }).kind).toBe('node22');
    },
  );

  it('stops with a message when the machine is old and node22 is not installed', () => {
    const plan = planNode({ machineVersion: 'v20.20.2', node22: null });
    expect(plan.kind).toBe('stop');
    expect(plan.kind === 'stop' && plan.message).toContain(
      'Node 22 binary of the npm node package is missing',
    );
  });

  it('reads versions as process.version prints them', () => {
    expect(isSupportedNode('v22.12.0')).toBe(true);
    expect(isSupportedNode('22.12.0')).toBe(true);
    expect(isSupportedNode('v20.19.0')).toBe(false);
    expect(isSupportedNode('nonsense')).toBe(false);
  });
});

describe('planPnpm', () => {
  const facts = { packageManager: 'pnpm@10.34.9', cacheDir: '/home/u/.cache/ask-analyst' };

  it('uses the pnpm on PATH', () => {
    expect(planPnpm({ ...facts, pnpmOnPath: true, uid: 1000 })).toEqual({ kind: 'present' });
  });

  it("as root, installs package.json's pnpm globally", () => {
    expect(planPnpm({ ...facts, pnpmOnPath: false, uid: 0 })).toEqual({
      kind: 'install',
      step: { command: 'npm', args: ['install', '--global', 'pnpm@10.34.9'] },
      binDir: null,
    });
  });

  it("as a user, installs it in the user's cache, which needs no privilege", () => {
    expect(
      planPnpm({
        ...facts,
        packageManager: 'pnpm@10.34.9+sha512.abc',
        pnpmOnPath: false,
        uid: 1000,
      }),
    ).toEqual({
      kind: 'install',
      step: {
        command: 'npm',
        args: [
          'install',
          '--global',
          '--prefix',
          '/home/u/.cache/ask-analyst/pnpm@10.34.9',
          'pnpm@10.34.9',
        ],
      },
      binDir: '/home/u/.cache/ask-analyst/pnpm@10.34.9/bin',
    });
  });
});
