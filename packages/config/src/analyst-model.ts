import { z } from 'zod';
import { blankToUndefined, envInt, envOptionalString } from './env.js';
import type { ConfigChecks } from './load-config.js';
import { isLoopbackOrigin } from './origins.js';

/**
 * The variables of a model-backed Ask Analyst planner (an OpenAI-compatible API). Every process
 * that runs turns reads them, so a turn is planned the same way whichever process runs it.
 */
export const ANALYST_MODEL_VARIABLES = {
  ANALYST_MODEL_URL: z.preprocess(
    blankToUndefined,
    z.url({ message: 'must be the base URL of an OpenAI-compatible API' }).optional(),
  ),
  ANALYST_MODEL: envOptionalString(),
  ANALYST_MODEL_API_KEY: envOptionalString(),
  ANALYST_MODEL_TIMEOUT_SECONDS: envInt(20, 1, 110),
};

/** A model-backed planner's settings, as the analysis runtime takes them. */
export interface AnalystModelSettings {
  url: string;
  model: string;
  apiKey: string | undefined;
  timeoutMs: number;
}

/**
 * The model planner the variables name, or null for the deterministic planner alone (which stays
 * the fallback either way). A URL without a model name, or a plain-http URL outside loopback
 * development, is a problem.
 */
export function analystModelOf(
  e: {
    ANALYST_MODEL_URL?: string | undefined;
    ANALYST_MODEL?: string | undefined;
    ANALYST_MODEL_API_KEY?: string | undefined;
    ANALYST_MODEL_TIMEOUT_SECONDS: number;
  },
  check: ConfigChecks,
): AnalystModelSettings | null {
  const modelUrl = e.ANALYST_MODEL_URL ? new URL(e.ANALYST_MODEL_URL) : undefined;
  if (modelUrl && !e.ANALYST_MODEL) {
    check.problem('ANALYST_MODEL is required with ANALYST_MODEL_URL (the model name)');
  }
  if (modelUrl && modelUrl.protocol !== 'https:' && !isLoopbackOrigin(modelUrl.origin)) {
    check.problem('ANALYST_MODEL_URL must be https (or loopback http in development)');
  }
  return e.ANALYST_MODEL_URL && e.ANALYST_MODEL
    ? {
        url: e.ANALYST_MODEL_URL,
        model: e.ANALYST_MODEL,
        apiKey: e.ANALYST_MODEL_API_KEY,
        timeoutMs: e.ANALYST_MODEL_TIMEOUT_SECONDS * 1000,
      }
    : null;
}
