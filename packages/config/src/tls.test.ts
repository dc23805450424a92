import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificateArgs } from './testing/openssl-args.js';
import { loadTlsFiles } from './tls.js';

let dir: string;

/** A self-signed P-256 certificate for `names` (openssl, as an operator would make one). */
function makeCertificate(name: string, subjectAltName: string): { cert: string; key: string } {
  const cert = join(dir, `${name}.pem`);
  const key = join(dir, `${name}-key.pem`);
  const made = spawnSync(
    'openssl',
    selfSignedCertificateArgs({
      subject: `/CN=${name}`,
      extensions: [`subjectAltName=${subjectAltName}`],
      keyFile: key,
      certFile: cert,
    }),
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl failed: ${made.error?.message ?? made.stderr}`);
  return { cert, key };
}

let mcp: { cert: string; key: string };
let other: { cert: string; key: string };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ask-analyst-tls-'));
  mcp = makeCertificate('mcp', 'DNS:mcp.example.com,IP:127.0.0.1');
  other = makeCertificate('other', 'DNS:other.example.com');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadTlsFiles', () => {
  it('is off when neither file is named', () => {
    expect(loadTlsFiles({ certFile: undefined, keyFile: undefined, served: [] })).toEqual({
      tls: undefined,
      problems: [],
    });
  });

  it('reads a matching certificate and key that name every served host', () => {
    const loaded = loadTlsFiles({
      certFile: mcp.cert,
      keyFile: mcp.key,
      served: [
        ['MCP_URL', 'https://mcp.example.com'],
        ['CDN_URL', 'https://127.0.0.1:4100'],
      ],
    });
    expect(loaded.problems).toEqual([]);
    expect(loaded.tls?.cert.toString()).toContain('BEGIN CERTIFICATE');
    expect(loaded.tls?.key.toString()).toContain('PRIVATE KEY');
  });

  it('refuses one file without the other, unreadable files and non-PEM content', () => {
    expect(loadTlsFiles({ certFile: mcp.cert, keyFile: undefined, served: [] }).problems).toEqual([
      'TLS_CERT_FILE and TLS_KEY_FILE are set together (both or neither)',
    ]);
    const missing = join(dir, 'missing.pem');
    expect(loadTlsFiles({ certFile: missing, keyFile: missing, served: [] }).problems).toEqual([
      `TLS_CERT_FILE cannot be read (ENOENT: ${missing})`,
      `TLS_KEY_FILE cannot be read (ENOENT: ${missing})`,
    ]);
    const garbage = join(dir, 'garbage.pem');
    writeFileSync(garbage, 'not a certificate');
    expect(loadTlsFiles({ certFile: garbage, keyFile: mcp.key, served: [] }).problems).toEqual([
      `TLS_CERT_FILE is not a PEM certificate (${garbage})`,
    ]);
    expect(loadTlsFiles({ certFile: mcp.cert, keyFile: garbage, served: [] }).problems).toEqual([
      `TLS_KEY_FILE is not a PEM private key (${garbage})`,
    ]);
  });

  it('refuses a key of another certificate, an expired certificate, a host it does not name and http', () => {
    const loaded = loadTlsFiles({
      certFile: mcp.cert,
      keyFile: other.key,
      served: [
        ['MCP_URL', 'https://mcp.example.com'],
        ['AUTH_URL', 'https://auth.example.com'],
        ['CDN_URL', 'http://127.0.0.1:4100'],
      ],
      now: Date.now() + 3 * 24 * 3600 * 1000,
    });
    expect(loaded.tls).toBeUndefined();
    expect(loaded.problems).toEqual([
      'TLS_KEY_FILE is not the key of the certificate in TLS_CERT_FILE',
      expect.stringMatching(/^TLS_CERT_FILE expired on /),
      'TLS_CERT_FILE does not name auth.example.com, the host of AUTH_URL',
      'CDN_URL must be https when TLS_CERT_FILE is set (got http://127.0.0.1:4100)',
    ]);
  });
});
