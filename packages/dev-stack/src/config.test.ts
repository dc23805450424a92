import { describe, expect, it } from 'vitest';
import { loadStackConfig } from './config.js';

describe('loadStackConfig', () => {
  it('seeds the demo workspace by default outside production only', () => {
    expect(loadStackConfig({}).seedDemo).toBe(true);
    expect(loadStackConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadStackConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadStackConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('serves the CDN over plain HTTP unless TLS_CERT_FILE and TLS_KEY_FILE name a certificate', () => {
    expect(loadStackConfig({}).cdnTls).toBeUndefined();
    expect(() =>
      loadStackConfig({ CDN_URL: 'https://cdn.example.com', TLS_CERT_FILE: '/nonexistent.pem' }),
    ).toThrow(
      'Invalid dev stack configuration: TLS_CERT_FILE and TLS_KEY_FILE are set together (both or neither)',
    );
  });
});
