import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envBoolean, envInt, envOrigins, envString } from './env.js';
import { ConfigError, TLS_VARIABLES, loadConfig } from './load-config.js';

const origin = envOrigins('https://api.example.com');

/** A small server's configuration, written as the apps write theirs. */
function loadExample(env: NodeJS.ProcessEnv) {
  return loadConfig({
    name: 'example server',
    env,
    variables: {
      API_URL: origin.withDefault('http://localhost:3000'),
      PORT: envInt(3000, 0, 65_535),
      NODE_ENV: envString('development'),
      SECRET: envString(''),
      ...TLS_VARIABLES,
    },
    derive: (e, check) => {
      const production = e.NODE_ENV === 'production';
      check.origins([['API_URL', e.API_URL]], { production });
      if (production && !e.SECRET) check.problem('SECRET is required when NODE_ENV=production');
      const tls = check.tls(e, [['API_URL', e.API_URL]]);
      return { apiUrl: e.API_URL, port: e.PORT, production, tls };
    },
  });
}

const thrown = (run: () => unknown): ConfigError => {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('no ConfigError was thrown');
};

describe('loadConfig', () => {
  it('derives the configuration from the parsed variables, defaults included', () => {
    expect(loadExample({ PORT: '8080' })).toEqual({
      apiUrl: 'http://localhost:3000',
      port: 8080,
      production: false,
      tls: undefined,
    });
  });

  it('names every problem at once: refused variables first, then what derive found', () => {
    const error = thrown(() =>
      loadExample({
        PORT: 'many',
        API_URL: 'http://api.example.com',
        NODE_ENV: 'production',
        TLS_KEY_FILE: '/etc/key.pem',
      }),
    );
    expect(error.name).toBe('ConfigError');
    expect(error.message).toBe(
      [
        'Invalid example server configuration:',
        'PORT Invalid input: expected number, received NaN',
        'API_URL must be https when NODE_ENV=production (got http://api.example.com)',
        'SECRET is required when NODE_ENV=production',
        'TLS_CERT_FILE and TLS_KEY_FILE are set together (both or neither)',
      ].join('\n'),
    );
  });

  it('leaves out what derive says of a refused variable, judged on its unset value', () => {
    // API_URL refused: derive sees the default http://localhost:3000, which production refuses
    // too; only the variable's own problem is named.
    expect(
      thrown(() =>
        loadExample({ API_URL: 'https://api.example.com/', NODE_ENV: 'production', SECRET: 's' }),
      ).message,
    ).toBe(
      'Invalid example server configuration:\nAPI_URL must be an origin such as https://api.example.com (no path, no trailing slash)',
    );
  });

  it('checks the declared origins and production settings before derive', () => {
    const load = (env: NodeJS.ProcessEnv) =>
      loadConfig({
        name: 'declared server',
        env,
        variables: {
          API_URL: origin.withDefault('http://localhost:3000'),
          OTHER_URLS: z
            .string()
            .default('')
            .transform((value) => value.split(',').filter(Boolean)),
          NODE_ENV: envString('development'),
          SECRET: envString(''),
          FIXTURES: envBoolean(false),
        },
        origins: ['API_URL', 'OTHER_URLS'],
        requiredInProduction: ['SECRET'],
        forbiddenInProduction: ['FIXTURES'],
        derive: (e, check) => {
          if (e.SECRET === 'x') check.problem('SECRET must not be x');
          return { apiUrl: e.API_URL };
        },
      });
    expect(load({ FIXTURES: 'true' })).toEqual({ apiUrl: 'http://localhost:3000' });
    expect(
      thrown(() =>
        load({
          NODE_ENV: 'production',
          API_URL: 'https://api.example.com',
          OTHER_URLS: 'https://a.example.com,http://b.example.com',
          FIXTURES: 'true',
        }),
      ).message,
    ).toBe(
      [
        'Invalid declared server configuration:',
        'OTHER_URLS must be https when NODE_ENV=production (got http://b.example.com)',
        'SECRET is required when NODE_ENV=production',
        'FIXTURES must not be true when NODE_ENV=production',
      ].join('\n'),
    );
  });
});
