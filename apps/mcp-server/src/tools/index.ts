import type { Scope } from '@ask-analyst/protocol';
import { cancelAnalysis } from './cancel-analysis.js';
import { continueAnalysis } from './continue-analysis.js';
import type { ToolDefinition } from './define-tool.js';
import { getAnalysis } from './get-analysis.js';
import { getWorkbook } from './get-workbook.js';
import { getWorksheet } from './get-worksheet.js';
import { listAnalyses } from './list-analyses.js';
import { listWorkbooks } from './list-workbooks.js';
import { readWorksheet } from './read-worksheet.js';
import { startAnalysis } from './start-analysis.js';
import { whoami } from './whoami.js';

/**
 * Every tool the server offers, one file each in this folder. `tools/list` lists them all whatever
 * the token's scopes; `tools/call` of one is checked against its `scope` before dispatch.
 */
export const tools: readonly ToolDefinition[] = [
  whoami,
  listWorkbooks,
  getWorkbook,
  getWorksheet,
  readWorksheet,
  startAnalysis,
  continueAnalysis,
  getAnalysis,
  listAnalyses,
  cancelAnalysis,
];

/** The scope a tool needs, or undefined for a name that is no tool (the SDK answers -32602). */
export function requiredScope(
  name: string,
  registry: readonly ToolDefinition[] = tools,
): Scope | undefined {
  return registry.find((tool) => tool.name === name)?.scope;
}
