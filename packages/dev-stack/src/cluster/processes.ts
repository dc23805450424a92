import { join } from 'node:path';

/** One process of the cluster, as an operator would start it: a command and its own environment. */
export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  /** Loopback port it listens on (the launcher waits for it). */
  port: number;
  /** Path that answers 200 once the process is ready. */
  readyPath: string;
}

export interface ClusterLayout {
  /** The repository checkout whose built apps run (`apps/*\/dist`). */
  root: string;
  /** The Node binary every app runs on. */
  node: string;
  /** The folder every process shares: worksheet Parquet files, HAProxy's files. */
  dataDir: string;
  databaseUrl: string;
  ports: { public: number; replicas: number[]; auth: number; app: number; cdn: number };
  /** Shared secrets: the same on every replica (cursors), and between the web app and dev-auth. */
  secrets: { cursor: string; webClient: string };
  /** The certificate HAProxy presents; the MCP servers trust it to reach their own origin. */
  certFile: string;
  /** Seconds between SIGTERM and the stop of a replica (its readiness goes 503 first). */
  shutdownDelaySeconds: number;
  /** Extra settings for every app (tests shorten leases and caches). */
  settings?: Record<string, string>;
}

/** The loopback address HAProxy connects from: the apps trust its `X-Forwarded-*` (TRUST_PROXY). */
const PROXY_ADDRESS = '127.0.0.1';

/**
 * The processes of the production topology on one machine: dev-auth, the web app, the CDN and one
 * MCP server per replica port, each with every variable it reads (docs/deployment.md lists the
 * same). The MCP origin is HAProxy's (`https://localhost:<public>`); the replicas listen on plain
 * HTTP on loopback behind it. Pure: the launcher spawns what it returns.
 */
export function clusterProcesses(layout: ClusterLayout): ProcessSpec[] {
  const { ports } = layout;
  const mcpUrl = `https://localhost:${ports.public}`;
  const authUrl = `http://localhost:${ports.auth}`;
  const appUrl = `http://localhost:${ports.app}`;
  const cdnUrl = `http://localhost:${ports.cdn}`;
  const common = {
    NODE_ENV: 'development',
    DATABASE_URL: layout.databaseUrl,
    DATA_DIR: layout.dataDir,
    MCP_URL: mcpUrl,
    AUTH_URL: authUrl,
    APP_URL: appUrl,
    CDN_URL: cdnUrl,
    TRUST_PROXY: PROXY_ADDRESS,
    ...layout.settings,
  };
  const app = (path: string) => join(layout.root, path);
  const replicas = ports.replicas.map((port, index): ProcessSpec => ({
    name: `mcp-${index + 1}`,
    command: layout.node,
    args: [app('apps/mcp-server/dist/server.js')],
    env: {
      ...common,
      MCP_HOST: '127.0.0.1',
      MCP_PORT: String(port),
      CURSOR_SECRET: layout.secrets.cursor,
      REPLICA_NAME: `mcp-${index + 1}`,
      SHUTDOWN_DELAY_SECONDS: String(layout.shutdownDelaySeconds),
      NODE_EXTRA_CA_CERTS: layout.certFile,
      ...layout.settings,
    },
    port,
    readyPath: '/readyz',
  }));
  return [
    {
      name: 'dev-auth',
      command: layout.node,
      args: [app('apps/dev-auth/dist/server.js')],
      env: {
        ...common,
        AUTH_HOST: '127.0.0.1',
        AUTH_PORT: String(ports.auth),
        WEB_CLIENT_SECRET: layout.secrets.webClient,
        LOG_LEVEL: 'warn',
      },
      port: ports.auth,
      readyPath: '/.well-known/oauth-authorization-server',
    },
    ...replicas,
    {
      name: 'web',
      command: layout.node,
      args: [app('apps/web/dist/server/server.js')],
      env: {
        ...common,
        WEB_HOST: '127.0.0.1',
        WEB_PORT: String(ports.app),
        CURSOR_SECRET: layout.secrets.cursor,
        WEB_CLIENT_SECRET: layout.secrets.webClient,
      },
      port: ports.app,
      readyPath: '/healthz',
    },
    {
      name: 'cdn',
      command: layout.node,
      args: [app('packages/dev-stack/dist/cdn-server.js')],
      env: { CDN_URL: cdnUrl, CDN_HOST: '127.0.0.1', CDN_PORT: String(ports.cdn) },
      port: ports.cdn,
      readyPath: '/healthz',
    },
  ];
}
