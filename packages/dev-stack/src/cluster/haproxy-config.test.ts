import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeClusterCertificate } from './certificate.js';
import { haproxyConfig } from './haproxy-config.js';

const settings = {
  publicPort: 3000,
  bindHost: '127.0.0.1',
  pemFile: '/tmp/none.pem',
  replicas: [
    { name: 'mcp-1', port: 3001 },
    { name: 'mcp-2', port: 3002 },
  ],
  checkIntervalMs: 1000,
};

describe('haproxyConfig', () => {
  it('balances round-robin over every replica with /readyz as health check', () => {
    const config = haproxyConfig(settings);
    expect(config).toContain('balance roundrobin');
    expect(config).toContain('option httpchk GET /readyz');
    expect(config).toContain('server mcp-1 127.0.0.1:3001 check');
    expect(config).toContain('server mcp-2 127.0.0.1:3002 check');
    expect(config).toContain('bind 127.0.0.1:3000 ssl crt /tmp/none.pem');
    expect(config).toContain('X-Forwarded-Proto https');
  });

  // Debian's haproxy, which `npm test` installs (scripts/bootstrap/plan.mjs), checks the file.
  it('is a configuration HAProxy accepts, with the certificate the launcher makes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ask-analyst-haproxy-'));
    try {
      const { pemFile } = await makeClusterCertificate(dir);
      const file = join(dir, 'haproxy.cfg');
      await writeFile(file, haproxyConfig({ ...settings, pemFile }));
      const checked = spawnSync('haproxy', ['-c', '-q', '-f', file], {
        encoding: 'utf8',
        env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin` },
      });
      expect(checked.error).toBeUndefined();
      expect(checked.stderr + checked.stdout).toBe('');
      expect(checked.status).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
