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
      'Invalid dev stack configuration:\nTLS_CERT_FILE and TLS_KEY_FILE are set together (both or neither)',
    );
  });

  it('names every bad variable in one message, and reads a blank one as unset', () => {
    expect(() =>
      loadStackConfig({ CDN_PORT: '70000', SEED_DEMO: 'yes', TLS_KEY_FILE: '/nonexistent.pem' }),
    ).toThrow(
      [
        'Invalid dev stack configuration:',
        'CDN_PORT Too big: expected number to be <=65535',
        'SEED_DEMO Invalid option: expected one of "true"|"false"',
        'TLS_CERT_FILE and TLS_KEY_FILE are set together (both or neither)',
      ].join('\n'),
    );
    expect(loadStackConfig({ CDN_URL: '', CDN_PORT: ' ' })).toMatchObject({
      cdnUrl: 'http://localhost:4100',
      cdnPort: 4100,
    });
  });
});
