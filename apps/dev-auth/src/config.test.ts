import { describe, expect, it } from 'vitest';
import { ConfigError, loadAuthConfig } from './config.js';

const KEYS = JSON.stringify({
  keys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd', kid: 'k1' }],
});

describe('loadAuthConfig', () => {
  it('has loopback development defaults', () => {
    const config = loadAuthConfig({});
    expect(config).toMatchObject({
      issuer: 'http://localhost:4000',
      mcpUrl: 'http://localhost:3000',
      mcpResource: 'http://localhost:3000/mcp',
      appUrl: 'http://localhost:4200',
      port: 4000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: '.data',
      accessTokenTtl: 600,
      cookieKeys: undefined,
      signingKeys: undefined,
      trustProxy: false,
      production: false,
      cimdAllowPrivateHosts: false,
      tls: undefined,
      requireTls: false,
    });
    expect(config.rateLimits.signIn).toEqual({
      freeFailures: 5,
      baseDelaySeconds: 1,
      maxDelaySeconds: 900,
      addressFailures: 50,
      windowSeconds: 900,
    });
    expect(config.rateLimits.registrationPerIp).toEqual({ max: 1000, windowSeconds: 3600 });
  });

  it('reads every setting', () => {
    const config = loadAuthConfig({
      AUTH_URL: 'https://auth.example.com',
      MCP_URL: 'https://mcp.example.com',
      APP_URL: 'https://app.example.com',
      AUTH_PORT: '8080',
      AUTH_HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://db/aa',
      DATA_DIR: '/var/aa',
      ACCESS_TOKEN_TTL: '300',
      COOKIE_KEYS: `${'a'.repeat(32)}, ${'b'.repeat(40)}`,
      AUTH_SIGNING_KEYS: KEYS,
      TRUST_PROXY: 'true',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({
      issuer: 'https://auth.example.com',
      mcpResource: 'https://mcp.example.com/mcp',
      appUrl: 'https://app.example.com',
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://db/aa',
      dataDir: '/var/aa',
      accessTokenTtl: 300,
      cookieKeys: ['a'.repeat(32), 'b'.repeat(40)],
      trustProxy: true,
      production: true,
    });
    expect(config.signingKeys?.[0]?.kid).toBe('k1');
  });

  it('refuses http outside loopback with an exact message', () => {
    expect(() => loadAuthConfig({ AUTH_URL: 'http://auth.example.com' })).toThrow(
      new ConfigError(
        'Invalid authorization server configuration:\nAUTH_URL must be https outside loopback (got http://auth.example.com)',
      ),
    );
    expect(() => loadAuthConfig({ MCP_URL: 'http://10.0.0.5:3000' })).toThrow(
      'MCP_URL must be https outside loopback (got http://10.0.0.5:3000)',
    );
    expect(() => loadAuthConfig({ APP_URL: 'http://app.example.com' })).toThrow(
      'APP_URL must be https outside loopback (got http://app.example.com)',
    );
  });

  it('refuses http origins in production, and production without operator keys', () => {
    expect(() => loadAuthConfig({ NODE_ENV: 'production' })).toThrow(
      new ConfigError(
        [
          'Invalid authorization server configuration:',
          'AUTH_URL must be https when NODE_ENV=production (got http://localhost:4000)',
          'MCP_URL must be https when NODE_ENV=production (got http://localhost:3000)',
          'APP_URL must be https when NODE_ENV=production (got http://localhost:4200)',
          'AUTH_SIGNING_KEYS is required when NODE_ENV=production',
        ].join('\n'),
      ),
    );
  });

  it('refuses an issuer with a path or trailing slash, and malformed secrets', () => {
    expect(() => loadAuthConfig({ AUTH_URL: 'http://localhost:4000/' })).toThrow(
      'AUTH_URL must be an origin such as https://auth.example.com (no path, no trailing slash)',
    );
    expect(() => loadAuthConfig({ AUTH_URL: 'https://auth.example.com/oauth' })).toThrow(
      'AUTH_URL must be an origin',
    );
    expect(() => loadAuthConfig({ COOKIE_KEYS: 'short' })).toThrow(
      'COOKIE_KEYS must be a comma-separated list',
    );
    expect(() => loadAuthConfig({ AUTH_SIGNING_KEYS: 'not json' })).toThrow(
      'AUTH_SIGNING_KEYS must be a JSON Web Key Set',
    );
    expect(() => loadAuthConfig({ AUTH_SIGNING_KEYS: '{"keys":[{"kty":"RSA"}]}' })).toThrow(
      'AUTH_SIGNING_KEYS',
    );
    expect(() => loadAuthConfig({ ACCESS_TOKEN_TTL: '4' })).toThrow('ACCESS_TOKEN_TTL');
    expect(loadAuthConfig({ ACCESS_TOKEN_TTL: '5' }).accessTokenTtl).toBe(5);
  });

  it('names a malformed variable and the production rules in one message', () => {
    expect(() =>
      loadAuthConfig({
        NODE_ENV: 'production',
        AUTH_URL: 'https://auth.example.com',
        MCP_URL: 'https://mcp.example.com',
        APP_URL: 'https://app.example.com',
        COOKIE_KEYS: 'short',
        ACCESS_TOKEN_TTL: '30',
      }),
    ).toThrow(
      new ConfigError(
        [
          'Invalid authorization server configuration:',
          'COOKIE_KEYS must be a comma-separated list of secrets of at least 32 characters each',
          'AUTH_SIGNING_KEYS is required when NODE_ENV=production',
          'ACCESS_TOKEN_TTL must be at least 60 when NODE_ENV=production',
        ].join('\n'),
      ),
    );
  });

  it('requires TLS for an https issuer, and reads TLS_CERT_FILE with TLS_KEY_FILE', () => {
    expect(loadAuthConfig({ AUTH_URL: 'https://auth.example.com' }).requireTls).toBe(true);
    expect(() =>
      loadAuthConfig({ AUTH_URL: 'https://auth.example.com', TLS_KEY_FILE: '/etc/auth/key.pem' }),
    ).toThrow(
      'Invalid authorization server configuration:\nTLS_CERT_FILE and TLS_KEY_FILE are set together (both or neither)',
    );
  });

  it('keeps production access tokens at least a minute long', () => {
    expect(() =>
      loadAuthConfig({
        NODE_ENV: 'production',
        AUTH_URL: 'https://auth.example.com',
        MCP_URL: 'https://mcp.example.com',
        ACCESS_TOKEN_TTL: '30',
      }),
    ).toThrow('ACCESS_TOKEN_TTL must be at least 60 when NODE_ENV=production');
  });

  it('never lets production fetch metadata documents from private hosts', () => {
    expect(() =>
      loadAuthConfig({
        NODE_ENV: 'production',
        AUTH_URL: 'https://a.example',
        MCP_URL: 'https://m.example',
        AUTH_SIGNING_KEYS: KEYS,
        CIMD_ALLOW_PRIVATE_HOSTS: 'true',
      }),
    ).toThrow('CIMD_ALLOW_PRIVATE_HOSTS must not be true when NODE_ENV=production');
  });
});
