import { HttpErrorBodySchema } from '@ask-analyst/protocol';
import { describe, expect, it } from 'vitest';
import { buildChallenge, type ChallengeReason } from './challenge.js';

const options = {
  resourceMetadataUrl: 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp',
  scopesSupported: ['workbooks.read', 'analyses.write'],
  requestId: 'req_abc',
};

describe('buildChallenge', () => {
  it('no token: 401 naming the metadata and every scope, without an error code (RFC 6750 3.1)', () => {
    const answer = buildChallenge({ kind: 'missing_token' }, options);
    expect(answer.status).toBe(401);
    expect(answer.headers).toEqual({
      'www-authenticate':
        'Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp", scope="workbooks.read analyses.write"',
    });
    expect(answer.body.error.type).toBe('authentication_error');
    expect(answer.body.request_id).toBe('req_abc');
  });

  it('invalid token: the seed body and an invalid_token challenge', () => {
    const answer = buildChallenge(
      { kind: 'invalid_token', description: 'token audience does not include this resource' },
      options,
    );
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe(
      'Bearer error="invalid_token", error_description="token audience does not include this resource", resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"',
    );
    expect(answer.body).toEqual({
      type: 'error',
      error: {
        type: 'authentication_error',
        message: 'The OAuth token has been invalidated. Disconnect, reconnect and re-authenticate.',
        details: { error_code: 'mcp_invalid_oauth_token' },
      },
      request_id: 'req_abc',
    });
  });

  it('keeps error_description within the RFC 6750 character set', () => {
    const answer = buildChallenge(
      { kind: 'invalid_token', description: 'bad "quoted" \\ value\n' },
      options,
    );
    expect(answer.headers['www-authenticate']).toContain('error_description="bad quoted  value"');
  });

  it('expired token: same challenge, mcp_expired_oauth_token telling to refresh', () => {
    const answer = buildChallenge({ kind: 'expired_token', description: 'token expired' }, options);
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
    expect(answer.body.error.details.error_code).toBe('mcp_expired_oauth_token');
    expect(answer.body.error.message).toMatch(/[Rr]efresh/);
  });

  it('insufficient scope: 403 naming the needed scope', () => {
    const answer = buildChallenge(
      { kind: 'insufficient_scope', scopes: ['analyses.write'] },
      options,
    );
    expect(answer.status).toBe(403);
    expect(answer.headers['www-authenticate']).toBe(
      'Bearer error="insufficient_scope", scope="analyses.write", resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"',
    );
    expect(answer.body.error).toMatchObject({
      type: 'permission_error',
      details: { error_code: 'mcp_insufficient_scope' },
    });
  });

  it('organization not enrolled: 403 permission_error', () => {
    const answer = buildChallenge({ kind: 'org_not_enrolled', description: 'x' }, options);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({
      type: 'permission_error',
      details: { error_code: 'mcp_org_not_enrolled' },
    });
  });

  it('authorization server unreachable: 503 mcp_unavailable', () => {
    const answer = buildChallenge({ kind: 'unavailable', description: 'x' }, options);
    expect(answer.status).toBe(503);
    expect(answer.body.error).toMatchObject({
      type: 'api_error',
      details: { error_code: 'mcp_unavailable' },
    });
  });

  it('every body has the shape of the protocol schema', () => {
    const reasons: ChallengeReason[] = [
      { kind: 'missing_token' },
      { kind: 'invalid_token', description: 'x' },
      { kind: 'expired_token', description: 'x' },
      { kind: 'org_not_enrolled', description: 'x' },
      { kind: 'insufficient_scope', scopes: ['workbooks.read'] },
      { kind: 'unavailable', description: 'x' },
    ];
    for (const reason of reasons)
      expect(HttpErrorBodySchema.parse(buildChallenge(reason, options).body)).toBeTruthy();
  });
});
