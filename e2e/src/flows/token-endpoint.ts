/** Reads the authorization server's RFC 8414 metadata. */
export async function authorizationServerMetadata(
  authUrl: string,
): Promise<Record<string, string>> {
  const res = await fetch(`${authUrl}/.well-known/oauth-authorization-server`);
  if (!res.ok) throw new Error(`metadata: ${res.status}`);
  return (await res.json()) as Record<string, string>;
}

/** A refresh_token grant sent by hand, to see exactly what the token endpoint answers. */
export async function refreshByHand(
  authUrl: string,
  clientId: string,
  refreshToken: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const { token_endpoint } = await authorizationServerMetadata(authUrl);
  const res = await fetch(token_endpoint as string, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: clientId,
    }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Decodes a JWT's payload without verifying it (the MCP server verifies; tests only look). */
export function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}
