import {
  CancelAnalysisInputSchema,
  ContinueAnalysisInputSchema,
  GetAnalysisInputSchema,
  ListAnalysesInputSchema,
  ListWorkbooksInputSchema,
  ReadWorksheetInputSchema,
  StartAnalysisInputSchema,
  type ConversationOrigin,
} from '@ask-analyst/protocol';
import {
  argumentShape,
  declaredPropertyNames,
  profileWorksheet,
  toConversation,
  toTurn,
  type AnalysisService,
  type TelemetrySink,
  type UserLimits,
} from '@ask-analyst/service';
import {
  getReadableConversation,
  getReadableWorkbookWithWorksheets,
  getReadableWorksheet,
  isOrganizationOwner,
  listReadableConversations,
  listReadableWorkbooks,
  listReadableWorkspaces,
  listTurns,
  semanticsByColumn,
  type Database,
  type WorksheetEngine,
} from '@ask-analyst/workspace';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { WebSession } from '../auth/session.js';
import type { ClientNamer } from '../grants/client-names.js';
import { answerCsv, csvFileName } from './csv.js';
import { notFound, parseInput, sendFailure } from './errors.js';
import { handle } from './handle.js';

export interface ApiRoutesOptions {
  db: Database;
  engine: WorksheetEngine;
  analyses: AnalysisService;
  limits: UserLimits;
  telemetry: TelemetrySink;
  appUrl: string;
  /** The web app's client id: telemetry of its calls names it (SPEC section 7). */
  clientId: string;
  /** Names the MCP clients of conversations (through the grant interface). */
  clientNames: ClientNamer;
  now: () => number;
}

/** Ids in paths: a malformed one is "not found" like an unknown one. */
const ID = { wb: /^wb_[\w-]{1,64}$/, ws: /^ws_[\w-]{1,64}$/, conv: /^conv_[\w-]{1,64}$/ };

type Params = Record<string, string>;

/** The argument names telemetry may keep as keys (SPEC section 7: shapes, never values). */
const DECLARED_KEYS = {
  start_analysis: keysOf(StartAnalysisInputSchema),
  continue_analysis: keysOf(ContinueAnalysisInputSchema),
  cancel_analysis: keysOf(CancelAnalysisInputSchema),
};

function keysOf(schema: z.ZodType): ReadonlySet<string> {
  return declaredPropertyNames(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
}

/**
 * The JSON API of the pages (SPEC section 9): every handler calls the product core exactly as the
 * MCP tools do (the same permission checks at the time of the request, the same limits, the same
 * telemetry for Ask Analyst), with the signed-in user of the session.
 */
export async function apiRoutes(app: FastifyInstance, options: ApiRoutesOptions): Promise<void> {
  const { db, engine, analyses, limits } = options;
  const links = { appUrl: options.appUrl };
  const web: ConversationOrigin = { kind: 'web' };

  const session = (request: FastifyRequest): WebSession => request.webSession!;
  const principalOf = (request: FastifyRequest) => session(request).principal;

  /** One Ask Analyst operation, counted and recorded like the tool of the same name. */
  const recorded = async <T>(
    request: FastifyRequest,
    tool: keyof typeof DECLARED_KEYS,
    args: unknown,
    work: () => Promise<T>,
  ): Promise<T> => {
    const startedAt = options.now();
    const principal = principalOf(request);
    let errorCode: string | null = null;
    try {
      await limits.take('toolCalls', principal.userId);
      return await work();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      errorCode = typeof code === 'string' ? code : 'internal';
      throw error;
    } finally {
      await options
        .telemetry({
          at: new Date(startedAt),
          userId: principal.userId,
          orgId: principal.orgId,
          clientId: options.clientId,
          tool,
          outcome: errorCode === null ? 'ok' : 'error',
          errorCode,
          durationMs: options.now() - startedAt,
          requestId: `req_${request.id}`,
          argumentShape: argumentShape(args ?? {}, DECLARED_KEYS[tool]),
        })
        .catch((error: unknown) => request.log.warn({ err: error }, 'telemetry record failed'));
    }
  };

  app.get(
    '/api/session',
    handle(async (request) => {
      const { principal, csrfToken } = session(request);
      const [workspaces, owner] = await Promise.all([
        listReadableWorkspaces(db, principal),
        isOrganizationOwner(db, principal.orgId, principal.userId),
      ]);
      return {
        user: {
          id: principal.userId,
          email: principal.email,
          name: principal.name,
          organization: { id: principal.orgId, name: principal.orgName },
          owner,
        },
        workspaces,
        csrfToken,
      };
    }),
  );

  app.get(
    '/api/workbooks',
    handle(async (request: FastifyRequest<{ Querystring: Params }>) => {
      const { limit, ...rest } = request.query;
      const input = parseInput(ListWorkbooksInputSchema, {
        ...rest,
        ...(limit ? { limit: Number(limit) } : {}),
      });
      return listReadableWorkbooks(db, principalOf(request), {
        ...links,
        query: input.query,
        workspaceId: input.workspaceId,
        cursor: input.cursor ?? undefined,
        limit: input.limit,
      });
    }),
  );

  app.get(
    '/api/workbooks/:id',
    handle(async (request: FastifyRequest<{ Params: Params }>) => {
      const id = request.params.id ?? '';
      if (!ID.wb.test(id)) throw notFound();
      const found = await getReadableWorkbookWithWorksheets(db, principalOf(request), id, links);
      if (!found) throw notFound();
      return {
        workbook: found.workbook,
        worksheets: found.worksheets.map((sheet) => ({
          id: sheet.id,
          name: sheet.name,
          description: sheet.description,
          rowCount: sheet.rowCount,
          columns: columnsWithSemantics(sheet),
        })),
      };
    }),
  );

  app.get(
    '/api/worksheets/:id',
    handle(async (request: FastifyRequest<{ Params: Params }>) => {
      const id = request.params.id ?? '';
      if (!ID.ws.test(id)) throw notFound();
      const sheet = await getReadableWorksheet(db, principalOf(request), id, links);
      if (!sheet) throw notFound();
      return {
        worksheet: {
          id: sheet.id,
          name: sheet.name,
          description: sheet.description,
          rowCount: sheet.rowCount,
          workbook: { id: sheet.workbook.id, name: sheet.workbook.name },
          columns: columnsWithSemantics(sheet),
        },
      };
    }),
  );

  // The worksheet's statistics exactly as the MCP `get_worksheet` tool returns them (same function).
  app.get(
    '/api/worksheets/:id/statistics',
    handle(async (request: FastifyRequest<{ Params: Params }>) => {
      const id = request.params.id ?? '';
      if (!ID.ws.test(id)) throw notFound();
      const { output } = await profileWorksheet(
        { db, engine, appUrl: options.appUrl },
        principalOf(request),
        { worksheetId: id },
      );
      return output;
    }),
  );

  // A read with a body (filters, sort): POST, so it carries the CSRF token like any other.
  app.post(
    '/api/worksheets/:id/rows',
    handle(async (request: FastifyRequest<{ Params: Params; Body: unknown }>) => {
      const id = request.params.id ?? '';
      if (!ID.ws.test(id)) throw notFound();
      const body = (request.body ?? {}) as Record<string, unknown>;
      const input = parseInput(ReadWorksheetInputSchema, { ...body, worksheetId: id });
      const sheet = await getReadableWorksheet(db, principalOf(request), id, links);
      if (!sheet) throw notFound();
      return engine.read(sheet, {
        columns: input.columns,
        filters: input.filters,
        sort: input.sort,
        limit: input.limit,
        cursor: input.cursor,
      });
    }),
  );

  app.get(
    '/api/conversations',
    handle(async (request: FastifyRequest<{ Querystring: Params }>) => {
      const { limit, ...rest } = request.query;
      const input = parseInput(ListAnalysesInputSchema, {
        ...rest,
        ...(limit ? { limit: Number(limit) } : {}),
      });
      const page = await listReadableConversations(db, principalOf(request), {
        ...links,
        cursor: input.cursor ?? undefined,
        limit: input.limit,
      });
      return {
        conversations: await options.clientNames(page.conversations.map(toConversation)),
        nextCursor: page.nextCursor,
      };
    }),
  );

  app.get(
    '/api/conversations/:id',
    handle(async (request: FastifyRequest<{ Params: Params }>) => {
      const id = request.params.id ?? '';
      if (!ID.conv.test(id)) throw notFound();
      const conversation = await getReadableConversation(db, principalOf(request), id, links);
      if (!conversation) throw notFound();
      const turns = await listTurns(db, conversation.id);
      const [named] = await options.clientNames([toConversation(conversation)]);
      return { conversation: named, turns: turns.map(toTurn) };
    }),
  );

  // Follows one turn: answers when it leaves queued/running, or after `waitSeconds` (long poll).
  app.get(
    '/api/conversations/:id/turns/:turnId',
    handle(async (request: FastifyRequest<{ Params: Params; Querystring: Params }>) => {
      const id = request.params.id ?? '';
      if (!ID.conv.test(id)) throw notFound();
      const wait = request.query.waitSeconds;
      const input = parseInput(GetAnalysisInputSchema, {
        conversationId: id,
        turnId: request.params.turnId,
        ...(wait ? { waitSeconds: Number(wait) } : {}),
      });
      const aborted = new AbortController();
      request.raw.once('close', () => aborted.abort());
      return analyses.follow(principalOf(request), input, { signal: aborted.signal });
    }),
  );

  app.post(
    '/api/conversations',
    handle(async (request: FastifyRequest<{ Body: unknown }>) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const input = parseInput(StartAnalysisInputSchema, { waitSeconds: 0, ...body });
      return recorded(request, 'start_analysis', body, () =>
        analyses.start(principalOf(request), input, { origin: web }),
      );
    }),
  );

  app.post(
    '/api/conversations/:id/turns',
    handle(async (request: FastifyRequest<{ Params: Params; Body: unknown }>) => {
      const id = request.params.id ?? '';
      if (!ID.conv.test(id)) throw notFound();
      const body = (request.body ?? {}) as Record<string, unknown>;
      const input = parseInput(ContinueAnalysisInputSchema, {
        waitSeconds: 0,
        ...body,
        conversationId: id,
      });
      return recorded(request, 'continue_analysis', body, () =>
        analyses.continue(principalOf(request), input),
      );
    }),
  );

  app.post(
    '/api/conversations/:id/turns/:turnId/cancel',
    handle(async (request: FastifyRequest<{ Params: Params }>) => {
      const id = request.params.id ?? '';
      if (!ID.conv.test(id)) throw notFound();
      const args = { conversationId: id, turnId: request.params.turnId ?? '' };
      return recorded(request, 'cancel_analysis', args, () =>
        analyses.cancel(principalOf(request), args),
      );
    }),
  );

  app.get(
    '/api/conversations/:id/turns/:turnId/answer.csv',
    async (request: FastifyRequest<{ Params: Params }>, reply) => {
      try {
        const id = request.params.id ?? '';
        if (!ID.conv.test(id)) throw notFound();
        const { turn } = await analyses.follow(principalOf(request), {
          conversationId: id,
          turnId: request.params.turnId,
          waitSeconds: 0,
        });
        if (!turn.answer) throw notFound();
        const name = csvFileName(id, turn.index, turn.answer.table.truncated);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          .send(answerCsv(turn.answer));
      } catch (error) {
        return sendFailure(request, reply, error);
      }
    },
  );

  app.all('/api/*', async (request, reply) => sendFailure(request, reply, notFound()));
}

/** A worksheet's columns with the semantic layer's label, unit and description when it has them. */
function columnsWithSemantics(sheet: {
  columns: Array<{ name: string; type: string; description?: string }>;
  semantics: Parameters<typeof semanticsByColumn>[0];
}) {
  const layer = semanticsByColumn(sheet.semantics);
  return sheet.columns.map((column) => {
    const semantics = layer.get(column.name);
    const description = semantics?.description ?? column.description;
    return {
      name: column.name,
      type: column.type,
      ...(semantics?.label ? { label: semantics.label } : {}),
      ...(semantics?.unit ? { unit: semantics.unit } : {}),
      ...(description ? { description } : {}),
    };
  });
}
