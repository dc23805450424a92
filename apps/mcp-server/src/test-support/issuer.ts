import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export const ISSUER = 'http://localhost:4000';
export const MCP_URL = 'http://localhost:3000';
export const RESOURCE = `${MCP_URL}/mcp`;

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export interface MintOptions {
  claims?: Record<string, unknown>;
  /** Remove these claims from the defaults. */
  omit?: string[];
  header?: Record<string, unknown>;
  /** Sign with a key the issuer does not publish. */
  unpublishedKey?: boolean;
}

/**
 * A stand-in authorization server for tests: ES256 keys made with jose, its RFC 8414 metadata and
 * JWKS served through an injected `fetch`, and a token minter. Counts how often each is fetched.
 */
export async function createTestIssuer(options: { issuer?: string; now: () => number }) {
  const issuer = options.issuer ?? ISSUER;
  const published: SigningKey[] = [];
  const fetches = { metadata: 0, jwks: 0 };
  /** Fetches tried during an outage (and failed). */
  const failedFetches = { metadata: 0, jwks: 0 };
  let outage = false;

  async function newKey(kid: string): Promise<SigningKey> {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    return {
      kid,
      privateKey,
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' },
    };
  }

  published.push(await newKey('key-1'));
  const unpublished = await newKey('key-unpublished');

  const fetchImpl: typeof fetch = async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (outage) {
      if (url === `${issuer}/jwks`) failedFetches.jwks += 1;
      else failedFetches.metadata += 1;
      throw new TypeError('fetch failed');
    }
    if (url === `${issuer}/.well-known/oauth-authorization-server`) {
      fetches.metadata += 1;
      return Response.json({
        issuer,
        jwks_uri: `${issuer}/jwks`,
        token_endpoint: `${issuer}/token`,
      });
    }
    if (url === `${issuer}/jwks`) {
      fetches.jwks += 1;
      return Response.json({ keys: published.map((key) => key.publicJwk) });
    }
    return new Response('not found', { status: 404 });
  };

  return {
    issuer,
    fetch: fetchImpl,
    fetches,
    failedFetches,
    /** The first published key's public JWK (for HMAC-confusion attacks). */
    publicJwk: () => published[0]!.publicJwk,
    setOutage(value: boolean) {
      outage = value;
    },
    /** Publishes a new key and returns its kid (the old ones stay published). */
    async rotate(kid: string): Promise<string> {
      published.push(await newKey(kid));
      return kid;
    },
    /** An access token for `sub`, valid now, as dev-auth issues them (SPEC section 3). */
    async mint(sub: string, mint: MintOptions = {}): Promise<string> {
      const nowSeconds = Math.floor(options.now() / 1000);
      const key = mint.unpublishedKey ? unpublished : published[published.length - 1]!;
      const claims: Record<string, unknown> = {
        iss: issuer,
        aud: RESOURCE,
        sub,
        org: 'org_acme000001',
        scope: 'workbooks.read analyses.write',
        client_id: 'analyst-code-editor',
        jti: `jti-${Math.random().toString(36).slice(2)}`,
        iat: nowSeconds,
        exp: nowSeconds + 600,
        ...mint.claims,
      };
      for (const name of mint.omit ?? []) delete claims[name];
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: key.kid, ...mint.header })
        .sign(key.privateKey);
    },
  };
}
export type TestIssuer = Awaited<ReturnType<typeof createTestIssuer>>;
