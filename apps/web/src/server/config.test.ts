import { describe, expect, it } from 'vitest';
import { loadWebConfig } from './config.js';

describe('loadWebConfig', () => {
  it('reads the model planner of the turns it runs as the MCP server does', () => {
    expect(loadWebConfig({}).analystModel).toBeNull();
    expect(
      loadWebConfig({
        ANALYST_MODEL_URL: 'https://models.example.com/v1',
        ANALYST_MODEL: 'planner-1',
        ANALYST_MODEL_TIMEOUT_SECONDS: '30',
      }).analystModel,
    ).toEqual({
      url: 'https://models.example.com/v1',
      model: 'planner-1',
      apiKey: undefined,
      timeoutMs: 30_000,
    });
    expect(() => loadWebConfig({ ANALYST_MODEL_URL: 'https://models.example.com/v1' })).toThrow(
      'ANALYST_MODEL is required with ANALYST_MODEL_URL',
    );
    expect(() =>
      loadWebConfig({ ANALYST_MODEL_URL: 'http://models.example.com/v1', ANALYST_MODEL: 'm' }),
    ).toThrow('ANALYST_MODEL_URL must be https');
  });
});
