import type { HttpErrorBody } from '@ask-analyst/protocol';
import { httpErrorBody } from '../errors.js';
import type { AuthFailure } from './verify-access-token.js';

/** Every way the bearer gate can refuse a request. */
export type ChallengeReason =
  | AuthFailure
  | { kind: 'missing_token' }
  | { kind: 'insufficient_scope'; scopes: readonly string[] };

export interface ChallengeOptions {
  /** RFC 9728 metadata URL of the MCP resource. */
  resourceMetadataUrl: string;
  /** Every scope of the service, named in the no-token challenge. */
  scopesSupported: readonly string[];
  requestId: string;
}

/** A complete HTTP answer: status, headers and the seed's error body. */
export interface ChallengeAnswer {
  status: number;
  headers: Record<string, string>;
  body: HttpErrorBody;
}

/**
 * Builds the answer to a refused bearer request (RFC 6750 section 3, RFC 9728 section 5.1,
 * SPEC section 2): the `WWW-Authenticate` challenge and the JSON body, with no HTTP involved.
 */
export function buildChallenge(
  reason: ChallengeReason,
  options: ChallengeOptions,
): ChallengeAnswer {
  const metadata = `resource_metadata="${options.resourceMetadataUrl}"`;
  const { requestId } = options;
  switch (reason.kind) {
    case 'missing_token':
      // RFC 6750 section 3.1: no error code when the request carried no credentials.
      return {
        status: 401,
        headers: {
          'www-authenticate': `Bearer ${metadata}, scope="${options.scopesSupported.join(' ')}"`,
        },
        body: httpErrorBody(
          'mcp_invalid_oauth_token',
          'This request carries no OAuth access token. Authenticate (sign in) and send the token in the Authorization header.',
          requestId,
        ),
      };
    case 'invalid_token':
      return {
        status: 401,
        headers: { 'www-authenticate': invalidTokenChallenge(reason.description, metadata) },
        body: httpErrorBody('mcp_invalid_oauth_token', undefined, requestId),
      };
    case 'expired_token':
      return {
        status: 401,
        headers: { 'www-authenticate': invalidTokenChallenge(reason.description, metadata) },
        body: httpErrorBody('mcp_expired_oauth_token', undefined, requestId),
      };
    case 'org_not_enrolled':
      return {
        status: 403,
        headers: {},
        body: httpErrorBody('mcp_org_not_enrolled', undefined, requestId),
      };
    case 'insufficient_scope': {
      const scope = reason.scopes.join(' ');
      return {
        status: 403,
        headers: {
          'www-authenticate': `Bearer error="insufficient_scope", scope="${scope}", ${metadata}`,
        },
        body: httpErrorBody(
          'mcp_insufficient_scope',
          `This operation needs the OAuth scope "${scope}", which this connection was not granted. Re-authenticate and approve it.`,
          requestId,
        ),
      };
    }
    case 'unavailable':
      return {
        status: 503,
        headers: { 'retry-after': '5' },
        body: httpErrorBody('mcp_unavailable', undefined, requestId),
      };
  }
}

function invalidTokenChallenge(description: string, metadata: string): string {
  return `Bearer error="invalid_token", error_description="${quotable(description)}", ${metadata}`;
}

/** RFC 6750 section 3: error_description is limited to %x20-21 / %x23-5B / %x5D-7E. */
function quotable(text: string): string {
  return text.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, '');
}
