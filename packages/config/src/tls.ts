import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import type { NamedOrigin } from './origins.js';

/**
 * The certificate chain and private key a server presents when it serves TLS itself, as PEM (what
 * Node's `https.createServer` and Fastify's `https` option take).
 */
export interface TlsFiles {
  /** The server certificate first, then any intermediates. */
  cert: Buffer;
  key: Buffer;
}

/**
 * Reads `TLS_CERT_FILE` and `TLS_KEY_FILE` (node-only; the configs call it once, at start-up) and
 * checks what would otherwise fail on the first handshake: both or neither set, both readable PEM,
 * the key belongs to the certificate, the certificate is in date and names the host of every
 * origin the server answers on. Returns the files, or none and the problems, one per line.
 */
export function loadTlsFiles(input: {
  certFile: string | undefined;
  keyFile: string | undefined;
  /** The origins this server itself serves (e.g. `MCP_URL`): each must be https and covered. */
  served: readonly NamedOrigin[];
  now?: number;
}): { tls: TlsFiles | undefined; problems: string[] } {
  const { certFile, keyFile } = input;
  if (!certFile && !keyFile) return { tls: undefined, problems: [] };
  if (!certFile || !keyFile) {
    return {
      tls: undefined,
      problems: ['TLS_CERT_FILE and TLS_KEY_FILE are set together (both or neither)'],
    };
  }
  const cert = readPem('TLS_CERT_FILE', certFile);
  const key = readPem('TLS_KEY_FILE', keyFile);
  const problems = [cert, key].flatMap((read) => ('problem' in read ? [read.problem] : []));
  if (!('pem' in cert) || !('pem' in key)) return { tls: undefined, problems };

  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(cert.pem);
  } catch {
    return { tls: undefined, problems: [`TLS_CERT_FILE is not a PEM certificate (${certFile})`] };
  }
  try {
    if (!certificate.checkPrivateKey(createPrivateKey(key.pem))) {
      problems.push(`TLS_KEY_FILE is not the key of the certificate in TLS_CERT_FILE`);
    }
  } catch {
    problems.push(`TLS_KEY_FILE is not a PEM private key (${keyFile})`);
  }
  const now = input.now ?? Date.now();
  if (Date.parse(certificate.validTo) <= now) {
    problems.push(`TLS_CERT_FILE expired on ${certificate.validTo}`);
  } else if (Date.parse(certificate.validFrom) > now) {
    problems.push(`TLS_CERT_FILE is not valid before ${certificate.validFrom}`);
  }
  for (const [name, origin] of input.served) {
    const url = URL.parse(origin);
    if (url?.protocol !== 'https:') {
      problems.push(`${name} must be https when TLS_CERT_FILE is set (got ${origin})`);
      continue;
    }
    if (!coversHost(certificate, url.hostname)) {
      problems.push(`TLS_CERT_FILE does not name ${url.hostname}, the host of ${name}`);
    }
  }
  return problems.length > 0
    ? { tls: undefined, problems }
    : { tls: { cert: cert.pem, key: key.pem }, problems };
}

function readPem(name: string, path: string): { pem: Buffer } | { problem: string } {
  try {
    return { pem: readFileSync(path) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    return { problem: `${name} cannot be read (${code}: ${path})` };
  }
}

/** URL hostnames keep IPv6 literals in brackets; the certificate's IP SANs do not. */
function coversHost(certificate: X509Certificate, hostname: string): boolean {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(bare) !== 0
    ? certificate.checkIP(bare) !== undefined
    : certificate.checkHost(bare) !== undefined;
}
