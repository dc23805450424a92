import type { Queryable } from '@ask-analyst/workspace';
import { importJWK, SignJWT, type JWK } from 'jose';

export interface DemoTokenOptions {
  /** The authorization server's issuer (`iss`). */
  issuer: string;
  /** `${MCP_URL}/mcp`, the token's audience (RFC 8707). */
  resource: string;
  email: string;
  now?: () => number;
}

/**
 * An access token for a demo user, signed with the authorization server's own current signing key
 * (the newest non-retired one in `signing_keys`, the key dev-auth signs with and publishes at
 * `/jwks`), with the claims dev-auth puts in its tokens (SPEC section 3). The MCP server verifies
 * it exactly as it verifies a token from the OAuth flow: JWKS discovery, signature, claims, user.
 */
export async function mintDemoToken(db: Queryable, options: DemoTokenOptions): Promise<string> {
  const users = await db.query<{ id: string; org_id: string }>(
    'select id, org_id from users where email = $1',
    [options.email],
  );
  const user = users.rows[0];
  if (!user) throw new Error(`no user ${options.email}: is the demo workspace seeded?`);
  const keys = await db.query<{ private_jwk: JWK & { kid: string } }>(
    'select private_jwk from signing_keys where retired_at is null order by created_at desc, kid limit 1',
  );
  const jwk = keys.rows[0]?.private_jwk;
  if (!jwk) throw new Error('the authorization server has no signing key yet');
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
  return new SignJWT({
    scope: 'workbooks.read analyses.write',
    client_id: 'analyst-code-editor',
    org: user.org_id,
  })
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: jwk.kid })
    .setIssuer(options.issuer)
    .setAudience(options.resource)
    .setSubject(user.id)
    .setJti(crypto.randomUUID())
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + 600)
    .sign(await importJWK(jwk, 'ES256'));
}
