import { describe, expect, it } from 'vitest';
import { loadMcpConfig } from './config.js';

describe('loadMcpConfig', () => {
  it('has the SPEC defaults', () => {
    const config = loadMcpConfig({});
    expect(config).toMatchObject({
      mcpUrl: 'http://localhost:3000',
      authUrl: 'http://localhost:4000',
      cdnUrl: 'http://localhost:4100',
      appUrl: 'http://localhost:4200',
      allowedOrigins: [],
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: '.data',
      trustProxy: false,
      resource: 'http://localhost:3000/mcp',
      resourceMetadataUrl: 'http://localhost:3000/.well-known/oauth-protected-resource/mcp',
      requireTls: false,
      tls: undefined,
      limits: {
        toolCallsPerMinute: 120,
        analysesPerMinute: 20,
        runningAnalysesPerUser: 3,
        analysisTimeoutSeconds: 120,
        bodyLimitBytes: 1_048_576,
        resultRowLimit: 5_000,
        requestsPerIpPerMinute: 600,
        principalCacheSeconds: 30,
      },
    });
  });

  it('reads every variable', () => {
    const config = loadMcpConfig({
      MCP_URL: 'https://mcp.example.com',
      AUTH_URL: 'https://auth.example.com',
      CDN_URL: 'https://cdn.example.com',
      APP_URL: 'https://app.example.com',
      ALLOWED_ORIGINS: 'https://claude.example, https://editor.example',
      MCP_PORT: '8080',
      MCP_HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://db/ask',
      DATA_DIR: '/var/lib/ask',
      CURSOR_SECRET: 'c'.repeat(32),
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      NODE_ENV: 'production',
      TOOL_CALLS_PER_MINUTE: '60',
      PRINCIPAL_CACHE_SECONDS: '5',
    });
    expect(config).toMatchObject({
      appUrl: 'https://app.example.com',
      allowedOrigins: ['https://claude.example', 'https://editor.example'],
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://db/ask',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      requireTls: true,
      limits: { toolCallsPerMinute: 60, principalCacheSeconds: 5 },
    });
    expect(loadMcpConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadMcpConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('refuses http origins outside loopback, with an exact message', () => {
    expect(() => loadMcpConfig({ MCP_URL: 'http://mcp.example.com' })).toThrow(
      'Invalid MCP server configuration:\nMCP_URL must be https outside loopback (got http://mcp.example.com)',
    );
    expect(() => loadMcpConfig({ ALLOWED_ORIGINS: 'http://app.example.com' })).toThrow(
      'ALLOWED_ORIGINS must be https outside loopback (got http://app.example.com)',
    );
    expect(
      loadMcpConfig({ MCP_URL: 'http://127.0.0.1:3000', AUTH_URL: 'http://[::1]:4000' }).mcpUrl,
    ).toBe('http://127.0.0.1:3000');
  });

  it('refuses any http origin when NODE_ENV=production', () => {
    expect(() =>
      loadMcpConfig({
        NODE_ENV: 'production',
        MCP_URL: 'https://mcp.example.com',
        AUTH_URL: 'https://auth.example.com',
        CDN_URL: 'https://cdn.example.com',
        APP_URL: 'https://app.example.com',
        CURSOR_SECRET: 'c'.repeat(32),
      }),
    ).not.toThrow();
    expect(() => loadMcpConfig({ NODE_ENV: 'production' })).toThrow(
      'MCP_URL must be https when NODE_ENV=production (got http://localhost:3000)',
    );
  });

  it('refuses origins with a path or trailing slash, and limits out of range', () => {
    expect(() => loadMcpConfig({ MCP_URL: 'https://mcp.example.com/' })).toThrow(
      /MCP_URL must be an origin/,
    );
    expect(() => loadMcpConfig({ AUTH_URL: 'https://auth.example.com/oauth' })).toThrow(
      /AUTH_URL must be an origin/,
    );
    expect(() => loadMcpConfig({ PRINCIPAL_CACHE_SECONDS: '31' })).toThrow(
      /PRINCIPAL_CACHE_SECONDS/,
    );
    expect(() => loadMcpConfig({ TOOL_CALLS_PER_MINUTE: 'many' })).toThrow(/TOOL_CALLS_PER_MINUTE/);
  });

  it('names every problem in one message, malformed variables and production rules alike', () => {
    expect(() =>
      loadMcpConfig({
        NODE_ENV: 'production',
        MCP_URL: 'https://mcp.example.com',
        AUTH_URL: 'https://auth.example.com/',
        CDN_URL: 'https://cdn.example.com',
        APP_URL: 'https://app.example.com',
        TOOL_CALLS_PER_MINUTE: 'many',
      }),
    ).toThrow(
      [
        'Invalid MCP server configuration:',
        'AUTH_URL must be an origin such as https://mcp.example.com (no path, no trailing slash)',
        'TOOL_CALLS_PER_MINUTE Invalid input: expected number, received NaN',
        'CURSOR_SECRET is required when NODE_ENV=production',
      ].join('\n'),
    );
  });

  it('reads TLS_CERT_FILE and TLS_KEY_FILE together, checked before the server listens', () => {
    expect(() =>
      loadMcpConfig({ MCP_URL: 'https://mcp.example.com', TLS_CERT_FILE: '/etc/mcp/cert.pem' }),
    ).toThrow(
      'Invalid MCP server configuration:\nTLS_CERT_FILE and TLS_KEY_FILE are set together (both or neither)',
    );
    expect(() =>
      loadMcpConfig({
        TLS_CERT_FILE: '/nonexistent/cert.pem',
        TLS_KEY_FILE: '/nonexistent/key.pem',
      }),
    ).toThrow(
      'TLS_CERT_FILE cannot be read (ENOENT: /nonexistent/cert.pem)\nTLS_KEY_FILE cannot be read (ENOENT: /nonexistent/key.pem)',
    );
  });

  it('reads CURSOR_SECRET: at least 32 characters, required in production only', () => {
    expect(loadMcpConfig({}).cursorSecret).toBeUndefined();
    expect(loadMcpConfig({ CURSOR_SECRET: 's'.repeat(32) }).cursorSecret).toBe('s'.repeat(32));
    expect(() => loadMcpConfig({ CURSOR_SECRET: 'short' })).toThrow(
      'CURSOR_SECRET must be at least 32 characters',
    );
    const production = {
      NODE_ENV: 'production',
      MCP_URL: 'https://mcp.example.com',
      AUTH_URL: 'https://auth.example.com',
      CDN_URL: 'https://cdn.example.com',
      APP_URL: 'https://app.example.com',
    };
    expect(() => loadMcpConfig(production)).toThrow(
      'Invalid MCP server configuration:\nCURSOR_SECRET is required when NODE_ENV=production',
    );
  });

  it('reads the optional model-backed planner: a model name with the URL, https outside loopback', () => {
    expect(loadMcpConfig({}).analystModel).toBeNull();
    expect(
      loadMcpConfig({
        ANALYST_MODEL_URL: 'https://models.example.com/v1',
        ANALYST_MODEL: 'planner-1',
        ANALYST_MODEL_API_KEY: 'sk-1',
      }).analystModel,
    ).toEqual({
      url: 'https://models.example.com/v1',
      model: 'planner-1',
      apiKey: 'sk-1',
      timeoutMs: 20_000,
    });
    expect(() => loadMcpConfig({ ANALYST_MODEL_URL: 'https://models.example.com/v1' })).toThrow(
      'ANALYST_MODEL is required with ANALYST_MODEL_URL',
    );
    expect(() =>
      loadMcpConfig({ ANALYST_MODEL_URL: 'http://models.example.com/v1', ANALYST_MODEL: 'm' }),
    ).toThrow('ANALYST_MODEL_URL must be https');
    expect(
      loadMcpConfig({ ANALYST_MODEL_URL: 'http://127.0.0.1:8080/v1', ANALYST_MODEL: 'm' })
        .analystModel?.url,
    ).toBe('http://127.0.0.1:8080/v1');
  });
});
