import {
  AnalysisOutputSchema,
  ToolErrorSchema,
  type AnalysisOutput,
  type ToolErrorContent,
} from '@ask-analyst/protocol';
import type { CallToolResult } from '@modelcontextprotocol/client';

/** What a tool result means to the card. */
export type ToolOutcome =
  | { kind: 'analysis'; output: AnalysisOutput }
  | { kind: 'tool-error'; error: ToolErrorContent['error'] }
  | { kind: 'unreadable'; message: string };

/**
 * Reads the result of `start_analysis`, `continue_analysis`, `get_analysis` or `cancel_analysis`.
 * Anything that does not match the protocol schemas is reported as unreadable, never rendered.
 */
export function readToolOutcome(result: CallToolResult): ToolOutcome {
  if (result.isError) {
    const parsed = ToolErrorSchema.safeParse(result.structuredContent);
    if (parsed.success) return { kind: 'tool-error', error: parsed.data.error };
    return { kind: 'unreadable', message: firstText(result) ?? 'The tool reported an error.' };
  }
  const parsed = AnalysisOutputSchema.safeParse(result.structuredContent);
  if (parsed.success) return { kind: 'analysis', output: parsed.data };
  return {
    kind: 'unreadable',
    message: 'The answer did not have the shape the card expects (an Ask Analyst turn).',
  };
}

function firstText(result: CallToolResult): string | undefined {
  for (const block of result.content ?? []) if (block.type === 'text') return block.text;
  return undefined;
}
