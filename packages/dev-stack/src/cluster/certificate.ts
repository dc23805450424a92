import { execFile as execFileCallback } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { selfSignedCertificateArgs } from '@ask-analyst/config/testing/openssl-args';

const execFile = promisify(execFileCallback);

export interface ClusterCertificate {
  /** The certificate (PEM): clients trust it as their CA (NODE_EXTRA_CA_CERTS, an undici `ca`). */
  certFile: string;
  keyFile: string;
  /** Certificate then key in one file, as HAProxy's `crt` takes them. */
  pemFile: string;
}

/**
 * A self-signed certificate for `localhost` and `127.0.0.1` (openssl, P-256, two days), made in
 * `dir` for HAProxy to terminate TLS with. A real deployment brings its own (an ACME client's).
 */
export async function makeClusterCertificate(dir: string): Promise<ClusterCertificate> {
  const certFile = join(dir, 'tls-cert.pem');
  const keyFile = join(dir, 'tls-key.pem');
  const pemFile = join(dir, 'tls-haproxy.pem');
  await execFile(
    'openssl',
    selfSignedCertificateArgs({
      subject: '/CN=localhost',
      extensions: ['subjectAltName=DNS:localhost,IP:127.0.0.1'],
      keyFile,
      certFile,
    }),
  );
  const [cert, key] = await Promise.all([readFile(certFile, 'utf8'), readFile(keyFile, 'utf8')]);
  await writeFile(pemFile, `${cert.trimEnd()}\n${key}`, { mode: 0o600 });
  return { certFile, keyFile, pemFile };
}
