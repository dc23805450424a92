/** One MCP server replica HAProxy balances over. */
export interface Backend {
  name: string;
  port: number;
}

export interface HaproxySettings {
  /** The public MCP origin's port on loopback (TLS ends here). */
  publicPort: number;
  /** Address HAProxy binds (`127.0.0.1`; `0.0.0.0` on a real front machine). */
  bindHost: string;
  /** The certificate chain and its key in one PEM file (HAProxy's `crt`). */
  pemFile: string;
  replicas: readonly Backend[];
  /** Milliseconds between two health checks of a replica (`inter`). */
  checkIntervalMs: number;
}

/**
 * haproxy.cfg for the public MCP origin (SPEC section 1): TLS terminated here, round-robin over
 * the replicas, `GET /readyz` as health check (a replica that is stopping answers 503 and leaves
 * the rotation before it refuses anything), a refused connection re-dispatched to another replica,
 * and, when no replica is up, the SPEC section 2 `503 mcp_unavailable` body with `Retry-After`
 * and an `x-request-id` instead of HAProxy's own page. Pure: the launcher writes it to a file.
 */
export function haproxyConfig(settings: HaproxySettings): string {
  const unavailable = JSON.stringify({
    type: 'error',
    error: {
      type: 'api_error',
      message: 'The service is temporarily unavailable. Retry shortly.',
      details: { error_code: 'mcp_unavailable' },
    },
    request_id: 'req_%[var(txn.rid)]',
  });
  const servers = settings.replicas.map(
    (replica) => `  server ${replica.name} 127.0.0.1:${replica.port} check`,
  );
  return [
    '# Written by `pnpm cluster` (packages/dev-stack/src/cluster); docs/deployment.md explains it.',
    'global',
    '  maxconn 4096',
    '  ssl-default-bind-options ssl-min-ver TLSv1.2',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 75s',
    // Long polls (`waitSeconds` up to 50 s) and the analysis time limit stay under this.
    '  timeout server 75s',
    '  timeout http-keep-alive 10s',
    '  timeout queue 5s',
    // A busy replica's /readyz may take longer than the check interval; it is not down for that.
    '  timeout check 2s',
    '  retries 3',
    // A replica that refuses the connection (stopped, killed): the request goes to another one.
    '  option redispatch 1',
    '',
    'frontend mcp_public',
    `  bind ${settings.bindHost}:${settings.publicPort} ssl crt ${settings.pemFile} alpn http/1.1`,
    // The apps trust this hop (TRUST_PROXY): the client's address and that it came over TLS.
    '  option forwardfor',
    '  http-request set-header X-Forwarded-Proto https',
    '  http-request set-var-fmt(txn.rid) "%[rand,hex,lower]%[rand,hex,lower]"',
    '  default_backend mcp_replicas',
    '',
    'backend mcp_replicas',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    // Out after two failed checks in a row (a stopping replica's delay covers them), in after one.
    `  default-server inter ${settings.checkIntervalMs} fall 2 rise 1`,
    `  http-error status 503 content-type application/json hdr retry-after 1 hdr x-request-id "req_%[var(txn.rid)]" lf-string ${JSON.stringify(unavailable)}`,
    ...servers,
    '',
  ].join('\n');
}
