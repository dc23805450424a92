import type { z } from 'zod';
import { envOptionalString } from './env.js';
import { insecureOriginProblems, type NamedOrigin } from './origins.js';
import { loadTlsFiles, type TlsFiles } from './tls.js';

/** Thrown when a configuration is refused; the message lists every problem, one per line. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** `TLS_CERT_FILE` and `TLS_KEY_FILE`, for a server that may terminate TLS itself (see {@link ConfigChecks.tls}). */
export const TLS_VARIABLES = {
  TLS_CERT_FILE: envOptionalString(),
  TLS_KEY_FILE: envOptionalString(),
};

/** How a configuration's `derive` step reports what the variables' own schemas cannot see. */
export interface ConfigChecks {
  /** A problem, written as the variable at fault followed by what is wrong with it. */
  problem(message: string): void;
  /** Each origin that breaks the transport rule of SPEC section 1 (see `insecureOriginProblems`). */
  origins(origins: readonly NamedOrigin[], options: { production: boolean }): void;
  /**
   * The certificate and key named by {@link TLS_VARIABLES}, checked against the origins this
   * server answers on (see `loadTlsFiles`); undefined when neither is set or they are refused.
   */
  tls(
    variables: { TLS_CERT_FILE?: string | undefined; TLS_KEY_FILE?: string | undefined },
    served: readonly NamedOrigin[],
  ): TlsFiles | undefined;
}

/**
 * Parses a server's configuration from `env` (the only reader of `process.env`) and throws one
 * {@link ConfigError} naming every problem, so an operator fixes them all in one go: each
 * variable is parsed on its own by its schema in `variables`, then `derive` builds the
 * configuration from the parsed values and reports the problems that concern several variables
 * (https origins, settings required in production, TLS files). A variable that is refused stands
 * in `derive` as if it were unset, so the other checks still run; a problem `derive` reports
 * that names such a variable is left out, as it was judged on the stand-in. The checks every server
 * makes are declared rather than written in `derive`: the `origins` variables are held to the
 * transport rule of SPEC section 1, `requiredInProduction` must be set and `forbiddenInProduction`
 * off when the `NODE_ENV` variable is `production`; their problems come first, in that order.
 */
export function loadConfig<Variables extends Record<string, z.ZodType>, Config>(options: {
  /** Names the configuration in the message: `Invalid ${name} configuration:`. */
  name: string;
  variables: Variables;
  env: NodeJS.ProcessEnv;
  /** Variables holding an origin, or a list of them (see `insecureOriginProblems`). */
  origins?: readonly (keyof Variables & string)[];
  /** Variables that must be set when `NODE_ENV=production`. */
  requiredInProduction?: readonly (keyof Variables & string)[];
  /** Switches that must not be on when `NODE_ENV=production`. */
  forbiddenInProduction?: readonly (keyof Variables & string)[];
  derive: (values: z.output<z.ZodObject<Variables>>, checks: ConfigChecks) => Config;
}): Config {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  const refused: string[] = [];
  let derivable = true;
  for (const [name, schema] of Object.entries(options.variables)) {
    const parsed = schema.safeParse(options.env[name]);
    if (parsed.success) {
      values[name] = parsed.data;
      continue;
    }
    refused.push(name);
    for (const issue of parsed.error.issues) {
      problems.push(`${[name, ...issue.path.map(String)].join('.')} ${issue.message}`);
    }
    const unset = schema.safeParse(undefined);
    if (unset.success) values[name] = unset.data;
    else derivable = false;
  }
  if (derivable) {
    const found: string[] = [];
    const checks: ConfigChecks = {
      problem: (message) => found.push(message),
      origins: (origins, { production }) =>
        found.push(...insecureOriginProblems(origins, { production })),
      tls: (variables, served) => {
        const loaded = loadTlsFiles({
          certFile: variables.TLS_CERT_FILE,
          keyFile: variables.TLS_KEY_FILE,
          served,
        });
        found.push(...loaded.problems);
        return loaded.tls;
      },
    };
    const parsed = values as z.output<z.ZodObject<Variables>>;
    const production = values.NODE_ENV === 'production';
    const origins = (options.origins ?? []).flatMap((name) =>
      [values[name]]
        .flat()
        .filter((value) => typeof value === 'string')
        .map((value): NamedOrigin => [name, value]),
    );
    checks.origins(origins, { production });
    for (const name of production ? (options.requiredInProduction ?? []) : []) {
      if (!values[name]) checks.problem(`${name} is required when NODE_ENV=production`);
    }
    for (const name of production ? (options.forbiddenInProduction ?? []) : []) {
      if (values[name]) checks.problem(`${name} must not be true when NODE_ENV=production`);
    }
    const config = options.derive(parsed, checks);
    const names = refused.map((name) => new RegExp(`\\b${name}\\b`));
    problems.push(...found.filter((message) => !names.some((name) => name.test(message))));
    if (problems.length === 0) return config;
  }
  throw new ConfigError(`Invalid ${options.name} configuration:\n${problems.join('\n')}`);
}
