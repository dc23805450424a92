import type { ToolCallFilter } from '@ask-analyst/workspace';
import { z } from 'zod';
import { ApiError, parseInput } from './errors.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** An empty form field is no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** `/activity`'s filters as the page sends them: client, tool, and a range of UTC days. */
export const ActivityQuerySchema = z
  .object({
    clientId: optional(z.string().trim().min(1).max(200)),
    tool: optional(z.string().trim().min(1).max(100)),
    from: optional(z.string().regex(DAY, 'a day as YYYY-MM-DD')),
    to: optional(z.string().regex(DAY, 'a day as YYYY-MM-DD')),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: '"from" must not be after "to"',
    path: ['to'],
  });

function day(text: string, field: string): Date {
  const date = new Date(`${text}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
    throw new ApiError('invalid_argument', `Invalid "${field}": not a calendar day`, field);
  }
  return date;
}

/** The store's filter for a query string: `to` is inclusive (calls before the next day). */
export function activityFilter(query: unknown): ToolCallFilter {
  const q = parseInput(ActivityQuerySchema, query ?? {});
  return {
    clientId: q.clientId,
    tool: q.tool,
    from: q.from ? day(q.from, 'from') : undefined,
    before: q.to ? new Date(day(q.to, 'to').getTime() + DAY_MS) : undefined,
  };
}
