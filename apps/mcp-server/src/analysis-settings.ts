import type { AnalysisSettings } from '@ask-analyst/service';
import type { McpConfig } from './config.js';

/** What Ask Analyst (packages/service) takes from this server's configuration. */
export function analysisSettings(config: McpConfig): AnalysisSettings {
  return {
    appUrl: config.appUrl,
    resultRowLimit: config.limits.resultRowLimit,
    analysisTimeoutSeconds: config.limits.analysisTimeoutSeconds,
    runningAnalysesPerUser: config.limits.runningAnalysesPerUser,
    analystModel: config.analystModel,
    turnLeaseSeconds: config.turnLeaseSeconds,
  };
}

/** The per-minute user limits of this server's configuration, as `inProcessUserLimits` takes them. */
export function perMinuteLimits(config: McpConfig): { toolCalls: number; analyses: number } {
  return {
    toolCalls: config.limits.toolCallsPerMinute,
    analyses: config.limits.analysesPerMinute,
  };
}
