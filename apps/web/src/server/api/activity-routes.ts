import {
  listUserToolCallFacets,
  listUserToolCalls,
  type Database,
  type ToolCallView,
} from '@ask-analyst/workspace';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { activityFilter } from './activity-query.js';
import { toCsv } from './csv.js';
import { sendFailure } from './errors.js';
import { handle } from './handle.js';

/** Calls a page shows, and a download holds, at most. */
export const ACTIVITY_PAGE_LIMIT = 500;
export const ACTIVITY_CSV_LIMIT = 10_000;

/** The Activity download's columns: never an argument value, only its shape. */
const CSV_HEADER = [
  'time',
  'client',
  'tool',
  'outcome',
  'error code',
  'duration ms',
  'argument shape',
];

/** One call as a CSV line (the app's CSV escaping, docs/decisions/109). */
export function activityCsv(calls: readonly ToolCallView[]): string {
  return toCsv([
    CSV_HEADER,
    ...calls.map((c) => [
      c.at,
      c.clientId ?? '',
      c.tool,
      c.outcome,
      c.errorCode ?? '',
      c.durationMs,
      JSON.stringify(c.argumentShape),
    ]),
  ]);
}

/**
 * `/activity` (SPEC section 9, "what agents did as me"): the signed-in user's own tool calls from
 * telemetry, filtered by client, tool and day; the user comes from the session only, so no query
 * can name another user.
 */
export async function activityRoutes(app: FastifyInstance, options: { db: Database }) {
  const { db } = options;
  const userOf = (request: FastifyRequest) => request.webSession!.principal.userId;

  app.get(
    '/api/activity',
    handle(async (request) => {
      const filter = activityFilter(request.query);
      const userId = userOf(request);
      const [page, facets] = await Promise.all([
        listUserToolCalls(db, userId, filter, ACTIVITY_PAGE_LIMIT),
        listUserToolCallFacets(db, userId),
      ]);
      return { ...page, ...facets };
    }),
  );

  app.get('/api/activity.csv', async (request, reply) => {
    try {
      const filter = activityFilter(request.query);
      const { calls, truncated } = await listUserToolCalls(
        db,
        userOf(request),
        filter,
        ACTIVITY_CSV_LIMIT,
      );
      const name = `activity${truncated ? `-first-${ACTIVITY_CSV_LIMIT}-truncated` : ''}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(activityCsv(calls));
    } catch (error) {
      return sendFailure(request, reply, error);
    }
  });
}
