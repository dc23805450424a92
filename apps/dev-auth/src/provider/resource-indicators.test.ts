import { describe, expect, it } from 'vitest';
import { withDefaultScopes } from './resource-indicators.js';

describe('withDefaultScopes', () => {
  it('gives both MCP scopes to a request naming none of them', () => {
    expect(withDefaultScopes(undefined)).toBe('workbooks.read analyses.write');
    expect(withDefaultScopes('')).toBe('workbooks.read analyses.write');
    expect(withDefaultScopes('openid offline_access')).toBe(
      'openid offline_access workbooks.read analyses.write',
    );
  });

  it('keeps a request that names an MCP scope as it is', () => {
    expect(withDefaultScopes('workbooks.read')).toBe('workbooks.read');
    expect(withDefaultScopes('analyses.write openid')).toBe('analyses.write openid');
  });

  it('respects the scope a client registered', () => {
    expect(withDefaultScopes(undefined, 'workbooks.read')).toBe('workbooks.read');
    expect(withDefaultScopes('offline_access', 'workbooks.read')).toBe('workbooks.read');
    expect(withDefaultScopes('offline_access', 'offline_access workbooks.read')).toBe(
      'offline_access workbooks.read',
    );
  });
});
