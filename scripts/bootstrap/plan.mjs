// The bootstrap's decisions, as pure functions of facts about the machine (gathered by machine.mjs):
// which Debian packages `npm test` installs or asks for, and which Node runs the stack and the tests.
// No dependency and no syntax newer than Node 18: it runs on the machine's Node before `pnpm install`.

/**
 * @typedef {object} SystemPackage
 * @property {string} debian    Debian's package name
 * @property {string} provides  what the tests run from it
 * @property {string} usedBy    which tests need it, for the message
 * @property {string} [unlessEnv] an environment variable that, when set, makes the package unneeded
 */

/** @type {readonly SystemPackage[]} What `npm test` needs from the system, in install order. */
export const SYSTEM_PACKAGES = [
  {
    debian: 'chromium',
    provides: 'chromium',
    usedBy: 'the browser and end-to-end tests',
    unlessEnv: 'CHROMIUM_PATH',
  },
  {
    debian: 'postgresql',
    provides: 'pg_ctl and initdb',
    usedBy: 'the store tests on Postgres (a throwaway server)',
    unlessEnv: 'TEST_DATABASE_URL',
  },
  {
    debian: 'openssl',
    provides: 'openssl',
    usedBy: 'the loopback TLS certificates of the e2e tests',
  },
  {
    debian: 'libnss3-tools',
    provides: 'certutil',
    usedBy: 'the production-over-HTTPS browser test (trusts its CA in Chromium)',
  },
  {
    debian: 'haproxy',
    provides: 'haproxy',
    usedBy: 'the end-to-end tests of replicas behind a load balancer',
  },
];

/**
 * @typedef {object} MachineFacts
 * @property {number} uid
 * @property {boolean} aptGet          `apt-get` is on PATH
 * @property {boolean} passwordlessSudo `sudo -n true` succeeds
 * @property {Readonly<Record<string, boolean>>} installed  by Debian package name: what it provides is present
 * @property {boolean} postgresUser    a `postgres` user exists
 * @property {Readonly<Record<string, string | undefined>>} env
 */

/**
 * @typedef {{ command: string, args: string[], env?: Record<string, string> }} Step
 * @typedef {{ kind: 'ready', steps: Step[], missing: string[] }
 *   | { kind: 'stop', missing: string[], message: string }} SystemPlan
 */

/**
 * What to do about the system packages `npm test` needs: nothing; install the missing ones with
 * apt-get (as root, or with passwordless sudo); or stop before building with one message that lists
 * them and the command to install them. As root, the throwaway Postgres server runs as the
 * `postgres` user, so a missing one is created (Debian's `postgresql` package creates it when it is
 * the one being installed).
 * @param {MachineFacts} facts
 * @returns {SystemPlan}
 */
export function planSystemPackages(facts) {
  const needed = SYSTEM_PACKAGES.filter((pkg) => !(pkg.unlessEnv && facts.env[pkg.unlessEnv]));
  const missing = needed.filter((pkg) => !facts.installed[pkg.debian]);
  const names = missing.map((pkg) => pkg.debian);
  const asRoot = facts.uid === 0;
  const canInstall = facts.aptGet && (asRoot || facts.passwordlessSudo);
  if (missing.length > 0 && !canInstall) {
    return { kind: 'stop', missing: names, message: stopMessage(facts, missing) };
  }
  /** @type {Step[]} */
  const steps = [];
  if (missing.length > 0) steps.push(...aptSteps(!asRoot, names));
  const postgresNeeded = needed.some((pkg) => pkg.debian === 'postgresql');
  if (asRoot && postgresNeeded && !facts.postgresUser && !names.includes('postgresql')) {
    steps.push({ command: 'useradd', args: ['--system', '--no-create-home', 'postgres'] });
  }
  return { kind: 'ready', steps, missing: names };
}

/**
 * apt-get as root, or through `sudo -n` (never prompts: the plan chose sudo only when it needs no
 * password). `env` carries DEBIAN_FRONTEND past sudo, which resets the environment.
 * @param {boolean} sudo
 * @param {string[]} packages
 * @returns {Step[]}
 */
function aptSteps(sudo, packages) {
  const apt = (/** @type {string[]} */ args) =>
    sudo
      ? {
          command: 'sudo',
          args: ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args],
        }
      : { command: 'apt-get', args, env: { DEBIAN_FRONTEND: 'noninteractive' } };
  return [
    apt(['update', '-qq']),
    apt(['install', '-y', '-qq', '--no-install-recommends', ...packages]),
  ];
}

/**
 * @param {MachineFacts} facts
 * @param {SystemPackage[]} missing
 */
function stopMessage(facts, missing) {
  const width = Math.max(...missing.map((pkg) => pkg.debian.length));
  const lines = missing.map(
    (pkg) => `  ${pkg.debian.padEnd(width)}  ${pkg.provides}, for ${pkg.usedBy}`,
  );
  const names = missing.map((pkg) => pkg.debian).join(' ');
  const install = `sudo apt-get update && sudo apt-get install -y --no-install-recommends ${names}`;
  const why = !facts.aptGet
    ? 'this machine has no apt-get'
    : 'it runs neither as root nor with passwordless sudo';
  const how = !facts.aptGet
    ? [
        "Install them with the system's package manager (the names above are Debian's; on Debian:",
        `  ${install})`,
      ]
    : ['Install them with:', `  ${install}`];
  const unless = missing
    .filter((pkg) => pkg.unlessEnv)
    .map((pkg) => `${pkg.unlessEnv} (instead of ${pkg.debian})`);
  return [
    `npm test needs Debian packages this machine lacks, and cannot install them (${why}):`,
    ...lines,
    ...how,
    ...(unless.length > 0 ? [`or set ${unless.join(', ')};`] : []),
    'then run npm test again.',
  ].join('\n');
}

/**
 * @typedef {{ kind: 'machine', version: string, note: string }
 *   | { kind: 'node22', path: string, version: string, note: string }
 *   | { kind: 'stop', message: string }} NodePlan
 */

/**
 * Whether a Node version is a supported LTS line the stack runs on: 22.12 or later (the first 22
 * that loads ES modules with `require`, which the dependencies rely on), or an even major from 24 on.
 * Odd majors are never LTS; 20 reached its end of life in April 2026.
 * @param {string} version as `process.version` prints it, `v22.23.3`
 */
export function isSupportedNode(version) {
  const match = /^v?(\d+)\.(\d+)\./.exec(version);
  if (!match) return false;
  const major = Number(match[1]);
  const minor = Number(match[2]);
  return (major === 22 && minor >= 12) || (major >= 24 && major % 2 === 0);
}

/**
 * Which Node runs the stack and the tests: the machine's when it is a supported LTS, else the Node 22
 * binary the npm `node` package installed with the dependencies (`tooling/node22`).
 * @param {{ machineVersion: string, node22: { path: string, version: string } | null }} facts
 * @returns {NodePlan}
 */
export function planNode({ machineVersion, node22 }) {
  if (isSupportedNode(machineVersion)) {
    return {
      kind: 'machine',
      version: machineVersion,
      note: `Node ${machineVersion} (the machine's)`,
    };
  }
  if (node22 && isSupportedNode(node22.version)) {
    return {
      kind: 'node22',
      path: node22.path,
      version: node22.version,
      note:
        `Node ${node22.version} from the npm node package (tooling/node22): ` +
        `the machine's ${machineVersion} is not a supported LTS`,
    };
  }
  return {
    kind: 'stop',
    message:
      `The machine's Node ${machineVersion} is not a supported LTS (22.12+ or 24+), and the Node 22 ` +
      `binary of the npm node package is ${node22 ? `${node22.version}, not one either` : 'missing'} ` +
      `(pnpm install brings it to tooling/node22/node_modules/node/bin/node). Run pnpm install, or ` +
      'install Node 22 or 24.',
  };
}

/**
 * How to get pnpm when it is not on PATH: as root with npm's global folder (as `.ci/run` did), else
 * into a folder of the user's cache, which needs no privilege. The version is the one package.json's
 * `packageManager` pins.
 * @param {{ pnpmOnPath: boolean, uid: number, packageManager: string, cacheDir: string }} facts
 * @returns {{ kind: 'present' } | { kind: 'install', step: Step, binDir: string | null }}
 */
export function planPnpm({ pnpmOnPath, uid, packageManager, cacheDir }) {
  if (pnpmOnPath) return { kind: 'present' };
  const spec = packageManager.split('+')[0] ?? 'pnpm@10';
  if (uid === 0) {
    return {
      kind: 'install',
      step: { command: 'npm', args: ['install', '--global', spec] },
      binDir: null,
    };
  }
  const prefix = `${cacheDir}/${spec}`;
  return {
    kind: 'install',
    step: { command: 'npm', args: ['install', '--global', '--prefix', prefix, spec] },
    binDir: `${prefix}/bin`,
  };
}
