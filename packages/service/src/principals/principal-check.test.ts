import type { Principal } from '@ask-analyst/workspace';
import { describe, expect, it } from 'vitest';
import { checkPrincipal } from './principal-check.js';

const ada: Principal = {
  userId: 'usr_ada',
  email: 'ada@acme.test',
  name: 'Ada',
  orgId: 'org_acme',
  orgName: 'Acme',
  orgEnrolled: true,
  active: true,
  tokensInvalidBefore: null,
};
const issuedAt = Date.parse('2026-03-01T12:00:00Z') / 1000;
const claims = { orgId: 'org_acme', issuedAtSeconds: issuedAt };

describe('checkPrincipal', () => {
  it('admits an active user of an enrolled organization the credential names', () => {
    expect(checkPrincipal(ada, claims)).toEqual({ ok: true, principal: ada });
  });

  it('refuses an unknown user, a revoked one, and a credential naming no or another organization', () => {
    expect(checkPrincipal(null, claims)).toEqual({ ok: false, refusal: 'unknown_user' });
    expect(checkPrincipal({ ...ada, active: false }, claims)).toEqual({
      ok: false,
      refusal: 'revoked',
    });
    expect(checkPrincipal(ada, { ...claims, orgId: undefined })).toMatchObject({
      refusal: 'org_mismatch',
    });
    expect(checkPrincipal(ada, { ...claims, orgId: 'org_globex' })).toMatchObject({
      refusal: 'org_mismatch',
    });
  });

  it('refuses credentials issued before the invalidation second, and admits those at or after it', () => {
    const invalidated = { ...ada, tokensInvalidBefore: new Date((issuedAt + 1) * 1000 + 500) };
    expect(checkPrincipal(invalidated, claims)).toMatchObject({ refusal: 'invalidated' });
    expect(checkPrincipal(invalidated, { ...claims, issuedAtSeconds: issuedAt + 1 })).toMatchObject(
      { ok: true },
    );
  });

  it('checks the organization enrolled last: a revoked user of an unenrolled one is revoked', () => {
    const unenrolled = { ...ada, orgEnrolled: false };
    expect(checkPrincipal(unenrolled, claims)).toMatchObject({ refusal: 'org_not_enrolled' });
    expect(checkPrincipal({ ...unenrolled, active: false }, claims)).toMatchObject({
      refusal: 'revoked',
    });
  });

  it("refuses a client's credentials issued before that client's invalidation, and no other client's", () => {
    const disconnected = {
      ...ada,
      clientTokensInvalidBefore: new Map([['client-a', new Date((issuedAt + 1) * 1000)]]),
    };
    expect(checkPrincipal(disconnected, { ...claims, clientId: 'client-a' })).toEqual({
      ok: false,
      refusal: 'client_invalidated',
    });
    expect(checkPrincipal(disconnected, { ...claims, clientId: 'client-b' })).toMatchObject({
      ok: true,
    });
    expect(
      checkPrincipal(disconnected, {
        ...claims,
        clientId: 'client-a',
        issuedAtSeconds: issuedAt + 1,
      }),
    ).toMatchObject({ ok: true });
  });
});
