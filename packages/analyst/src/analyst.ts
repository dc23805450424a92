import { createHash } from 'node:crypto';
import {
  AnalysisPlanSchema,
  type AnalysisPlan,
  type AnalysisStep,
  type Answer,
  type AnswerTable,
  type ColumnProfile,
  type Alternative,
  type ColumnType,
  type TurnErrorCode,
} from '@ask-analyst/protocol';
import { isDataError, quoteIdentifier, type Cell } from '@ask-analyst/workspace';
import { compilePlan, PlanError, WORKSHEET_VIEW } from './compiler/compile.js';
import type { PlanOutcome, PreviousTurn } from './planner/build-plan.js';
import { checkPlan } from './planner/check-plan.js';
import { interpretPlan } from './planner/plan-interpretation.js';
import { findMentions } from './planner/mentions.js';
import { deterministicPlanner, type Planner } from './planner/planner.js';
import { MAX_INDEXED_VALUES, ValueIndex } from './semantics/values.js';
import {
  describeWorksheet,
  type WorksheetSemantics,
  type WorksheetSource,
} from './semantics/worksheet.js';
import { overWorksheet } from './semantics/data-view.js';
import { coverageOf } from './shaper/coverage.js';
import { displayColumns, withDisplay } from './shaper/display.js';
import { ASKS_IF_ANY } from './planner/reading/passes/count-cue.js';
import { comparisonAsked } from './planner/reading/compares-two.js';
import { chartFor, outputFormats, summarize } from './shaper/shape.js';
import { tokenize } from './text/tokens.js';

/** The worksheet data the analyst reads: the workspace's `WorksheetEngine` fits it. */
export interface AnalystData {
  profile(worksheet: {
    id: string;
    dataPath: string;
    columns: ReadonlyArray<{ name: string; type: ColumnType }>;
  }): Promise<ColumnProfile[]>;
  query(
    sql: string,
    params: unknown[],
    views: Record<string, string>,
    options?: { maxRows?: number; timeoutMs?: number; signal?: AbortSignal },
  ): Promise<{
    columns: Array<{ name: string; type: ColumnType }>;
    rows: Cell[][];
    truncated: boolean;
  }>;
}

export interface AnalystOptions {
  /** Most rows of an answer's table (SPEC section 7: 5,000); `truncated` beyond. */
  rowLimit: number;
  /** Plans questions; the deterministic semantic parser unless another is configured. */
  planner?: Planner;
}

/** What one question needs: the worksheet, the turn before it, the time it may take. */
export interface AnalysisRequest {
  question: string;
  source: WorksheetSource;
  previous: PreviousTurn | null;
  /** Whether the caller named the worksheet (otherwise the analyst chose it). */
  worksheetStated: boolean;
  /**
   * The client's own plan (SPEC section 4), checked by the caller with `checkPlan` when it was
   * passed: answered as planned, the question not read, the interpretation's slots `client`.
   */
  plan?: AnalysisPlan | null;
  signal?: AbortSignal;
  /** Time left for the query, in milliseconds. */
  timeoutMs?: number;
  onStep?: (step: AnalysisStep, message: string) => void | Promise<void>;
}

export type AnalysisOutcome =
  | { ok: true; answer: Answer }
  | {
      ok: false;
      code: TurnErrorCode | 'cancelled';
      message: string;
      /** For `not_understood` and `needs_clarification`: questions to ask instead. */
      alternatives?: Alternative[];
    };

interface Prepared {
  semantics: WorksheetSemantics;
  values: ValueIndex;
}

const CACHE_SIZE = 64;

const layerHashes = new WeakMap<object, string>();

/** A short hash of a worksheet's semantic layer: part of its cache key. */
function layerHash(source: WorksheetSource): string {
  const layer = source.semantics;
  if (!layer?.columns.length) return '-';
  let hash = layerHashes.get(layer);
  if (!hash) {
    hash = createHash('sha256').update(JSON.stringify(layer)).digest('base64url').slice(0, 16);
    layerHashes.set(layer, hash);
  }
  return hash;
}

/**
 * Ask Analyst: a question about a worksheet → a plan (typed, checked) → one parameterised DuckDB
 * query → an answer with a table, a chart spec, a summary written from the numbers, how the question
 * was understood and the query that ran. Knows nothing of HTTP, MCP or who asks: callers check
 * permissions and pass only worksheets the user may read.
 */
export class Analyst {
  private readonly prepared = new Map<string, Promise<Prepared>>();
  private readonly planner: Planner;

  constructor(
    private readonly data: AnalystData,
    private readonly options: AnalystOptions,
  ) {
    this.planner = options.planner ?? deterministicPlanner;
  }

  /**
   * A worksheet's semantics and value index, built once per data file (files never change) and
   * semantic layer (a steward's edit is read by the next question).
   */
  async prepare(source: WorksheetSource): Promise<Prepared> {
    const key = `${source.id}|${source.dataPath}|${layerHash(source)}`;
    let pending = this.prepared.get(key);
    if (!pending) {
      pending = this.build(source);
      pending.catch(() => this.prepared.delete(key));
      this.prepared.set(key, pending);
      while (this.prepared.size > CACHE_SIZE) {
        const oldest = this.prepared.keys().next().value;
        if (oldest === undefined) break;
        this.prepared.delete(oldest);
      }
    }
    return pending;
  }

  /**
   * The worksheet a question is most likely about, among `candidates`: what a row is, column names
   * and values found in the question count; null when nothing of any candidate is named.
   */
  async chooseWorksheet(
    question: string,
    candidates: readonly WorksheetSource[],
  ): Promise<WorksheetSource | null> {
    if (candidates.length === 1) return candidates[0]!;
    const tokens = tokenize(question);
    let best: { source: WorksheetSource; score: number } | null = null;
    for (const source of candidates) {
      const { semantics, values } = await this.prepare(source);
      let score = 0;
      for (const mention of findMentions(tokens, semantics, values)) {
        const length = mention.end - mention.start;
        if (mention.kind === 'entity')
          score += ['row', 'record', 'entry', 'item'].includes(mention.words.toLowerCase())
            ? 0.5
            : 3 * length;
        else if (mention.kind === 'column') score += 2 * mention.weight * length;
        else if (mention.kind === 'value')
          score += (mention.matches[0]?.how === 'exact' ? 2 : 1) * length;
      }
      if (score > 0 && (!best || score > best.score)) best = { source, score };
    }
    return best?.source ?? null;
  }

  /** Answers one question; failures are values with a code and a message for the user. */
  async analyze(request: AnalysisRequest): Promise<AnalysisOutcome> {
    const step = async (name: AnalysisStep, message: string) => request.onStep?.(name, message);
    await step(
      'understanding',
      request.plan
        ? `Checking the plan against ${request.source.name}`
        : `Reading the question against ${request.source.name}`,
    );
    const { semantics, values } = await this.prepare(request.source);
    const planned: PlanOutcome = request.plan
      ? clientPlanned(request.plan, semantics)
      : await this.planner.plan({
          question: request.question,
          semantics,
          values,
          previous: request.previous,
          worksheetStated: request.worksheetStated,
          ...(request.signal ? { signal: request.signal } : {}),
        });
    // Stopped while planning (a model call cut short): nothing more to do for this run.
    if (request.signal?.aborted) {
      return { ok: false, code: 'cancelled', message: 'The analysis was cancelled.' };
    }
    if (!planned.ok) return planned;
    const checked = AnalysisPlanSchema.safeParse(planned.plan);
    if (!checked.success) {
      return {
        ok: false,
        code: 'not_understood',
        message: 'The question led to a plan that does not fit the data.',
      };
    }
    const plan = checked.data;
    let compiled;
    try {
      compiled = compilePlan(plan, request.source.columns);
    } catch (error) {
      if (error instanceof PlanError)
        return { ok: false, code: 'not_understood', message: error.message };
      throw error;
    }
    await step(
      'querying',
      `Running the query over ${request.source.rowCount.toLocaleString('en-US')} rows`,
    );
    const { sql, views } = overWorksheet(compiled.sql, request.source.dataPath, semantics.columns);
    const options = {
      maxRows: this.options.rowLimit,
      ...(request.timeoutMs === undefined ? {} : { timeoutMs: request.timeoutMs }),
      ...(request.signal ? { signal: request.signal } : {}),
    };
    let result;
    let rowCount;
    try {
      result = await this.data.query(sql, compiled.params, views, options);
      rowCount = result.rows.length;
      if (result.truncated) {
        const counted = await this.data.query(
          `SELECT count(*) AS ${quoteIdentifier('n')} FROM (${sql}) AS answer`,
          compiled.params,
          views,
          { ...options, maxRows: 1 },
        );
        rowCount = Number(counted.rows[0]?.[0] ?? result.rows.length);
      }
    } catch (error) {
      if (isDataError(error, 'cancelled'))
        return { ok: false, code: 'cancelled', message: 'The analysis was cancelled.' };
      if (isDataError(error, 'timeout')) {
        return {
          ok: false,
          code: 'timeout',
          message:
            'The query took longer than the analysis time limit. Narrow the question (a filter, a shorter period) and ask again.',
        };
      }
      if (isDataError(error, 'unavailable'))
        return { ok: false, code: 'unavailable', message: `${error.message}. Ask again shortly.` };
      throw error;
    }
    await step('summarizing', 'Writing the answer');
    const formats = outputFormats(plan, semantics);
    const display = displayColumns(plan, semantics, formats);
    const table: AnswerTable = {
      columns: withDisplay(result.columns, display),
      rows: result.rows,
      rowCount,
      truncated: result.truncated,
    };
    const { interpretation } = planned;
    const coverage = coverageOf(plan, semantics, table);
    return {
      ok: true,
      answer: {
        summary: summarize(plan, table, display, interpretation.restatement, {
          coverage,
          asksIfAny: !request.plan && ASKS_IF_ANY.test(request.question),
          compares: request.plan ? null : comparisonAsked(request.question),
        }),
        table,
        chart: chartFor(
          plan,
          semantics,
          table,
          display,
          interpretation.restatement.replace(/\.$/, ''),
        ),
        source: {
          workbookId: request.source.workbook.id,
          worksheetId: request.source.id,
          worksheetName: request.source.name,
        },
        interpretation,
        ...(coverage ? { coverage } : {}),
        query: { plan, sql, parameters: compiled.params },
      },
    };
  }

  private async build(source: WorksheetSource): Promise<Prepared> {
    const profiles = await this.data.profile({
      id: source.id,
      dataPath: source.dataPath,
      columns: source.columns,
    });
    const semantics = describeWorksheet(source, profiles);
    const indexed = semantics.columns.filter(
      (c) =>
        c.type === 'string' &&
        c.profile.distinctCount > 0 &&
        c.profile.distinctCount <= MAX_INDEXED_VALUES,
    );
    if (indexed.length === 0) return { semantics, values: new ValueIndex([]) };
    const layerValues = new Map(
      (source.semantics?.columns ?? []).map((entry) => [entry.column, entry.values ?? []]),
    );
    const branches = indexed.map((c, i) => {
      const name = quoteIdentifier(c.name);
      return `SELECT ${i} AS i, CAST(${name} AS VARCHAR) AS v FROM (SELECT DISTINCT ${name} FROM ${WORKSHEET_VIEW} WHERE ${name} IS NOT NULL) AS d${i}`;
    });
    const total = indexed.reduce((sum, c) => sum + c.profile.distinctCount, 0);
    const distinct = overWorksheet(
      branches.join(' UNION ALL '),
      source.dataPath,
      semantics.columns,
    );
    const result = await this.data.query(distinct.sql, [], distinct.views, {
      maxRows: total + 1,
    });
    const lists = indexed.map(() => [] as string[]);
    for (const [i, v] of result.rows) lists[Number(i)]?.push(String(v));
    return {
      semantics,
      values: new ValueIndex(
        indexed.map((c, i) => ({
          column: c.name,
          values: lists[i]!,
          synonyms: layerValues.get(c.name) ?? [],
        })),
      ),
    };
  }
}

/**
 * A client's plan as a planner's outcome: checked again as the turn runs (it was checked when it
 * was passed; the worksheet is read anew), then answered as planned (SPEC section 4).
 */
function clientPlanned(plan: AnalysisPlan, semantics: WorksheetSemantics): PlanOutcome {
  const problem = checkPlan(plan, semantics.source);
  if (problem) {
    return {
      ok: false,
      code: 'not_understood',
      message: `The plan passed with the question does not fit ${semantics.source.name}: ${problem.message}`,
    };
  }
  return { ok: true, plan, interpretation: interpretPlan(plan, semantics, 'client') };
}
