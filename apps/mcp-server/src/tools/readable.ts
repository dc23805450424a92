import { notReadable } from '@ask-analyst/service';
import { getReadableWorksheet } from '@ask-analyst/workspace';
import { ToolError } from '../errors.js';
import type { ToolContext } from './define-tool.js';
import { withNextStep } from './next-steps.js';

/**
 * `not_found` for an object the user cannot read. The same words whether it does not exist or
 * belongs to a workspace they have no role in, so existence is not revealed (SPEC sections 4, 6).
 */
export function notFound(noun: 'workbook' | 'worksheet', id: string): ToolError {
  return new ToolError('not_found', withNextStep(notReadable(noun, id)));
}

/** The worksheet if the signed-in user can read it now (roles read at call time), else not_found. */
export async function readableWorksheet(ctx: ToolContext, worksheetId: string) {
  const worksheet = await getReadableWorksheet(ctx.db, ctx.principal, worksheetId, {
    appUrl: ctx.config.appUrl,
  });
  if (!worksheet) throw notFound('worksheet', worksheetId);
  return worksheet;
}
