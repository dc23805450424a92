import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selfSignedCertificateArgs } from '@ask-analyst/config/testing/openssl-args';

/**
 * A throwaway self-signed certificate for `127.0.0.1`, made before the test processes start and
 * trusted by them through `NODE_EXTRA_CA_CERTS` (read by Node only at start-up), as a developer
 * trusts a local CA. The e2e Client ID Metadata Document is served with it: CIMD `client_id`s are
 * https URLs only. Returns the folder holding `cert.pem` and `key.pem`, or the reason there is none.
 */
export function trustLoopbackCertificate(env: NodeJS.ProcessEnv): {
  dir?: string;
  problem?: string;
} {
  const dir = mkdtempSync(join(tmpdir(), 'ask-analyst-e2e-tls-'));
  const made = spawnSync(
    'openssl',
    selfSignedCertificateArgs({
      subject: '/CN=127.0.0.1',
      extensions: ['subjectAltName=IP:127.0.0.1,DNS:localhost'],
      keyFile: join(dir, 'key.pem'),
      certFile: join(dir, 'cert.pem'),
    }),
    { encoding: 'utf8' },
  );
  if (made.error || made.status !== 0) {
    return {
      problem: `openssl could not make a loopback certificate: ${made.error?.message ?? made.stderr}`,
    };
  }
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  env.NODE_EXTRA_CA_CERTS = join(dir, 'cert.pem');
  env.E2E_LOOPBACK_TLS_DIR = dir;
  return { dir };
}
