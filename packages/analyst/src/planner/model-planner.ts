import { z } from 'zod';
import { AnalysisPlanSchema } from '@ask-analyst/protocol';
import type { WorksheetSemantics } from '../semantics/worksheet.js';
import type { PlanOutcome } from './build-plan.js';
import { checkPlan } from './check-plan.js';
import { interpretPlan } from './plan-interpretation.js';
import type { Planner, PlannerInput } from './planner.js';

/** Where a model-backed planner sends questions: an OpenAI-compatible chat completions API. */
export interface ModelPlannerOptions {
  /** Base URL of the API, e.g. `https://api.example.com/v1` (`/chat/completions` is appended). */
  url: string;
  model: string;
  /** Bearer key of the provider; sent only to `url`, never logged. */
  apiKey?: string | undefined;
  /** Give up on the model after this long and use the fallback. */
  timeoutMs: number;
  /** The planner used when the model fails, times out or answers a plan that does not fit. */
  fallback: Planner;
  fetch?: typeof fetch;
  /** Told why the model's plan was not used (never the question or the key). */
  onFallback?: (reason: string) => void;
}

const CompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

const INSTRUCTIONS = [
  'You turn a question about one worksheet into an analysis plan: JSON matching the given schema,',
  'nothing else. Use only the column names listed, exactly as written. Never write SQL.',
  'measures: aggregations (column null with count counts rows); dimensions: groupings (grain only',
  'for date and timestamp columns); filters: values exactly as they appear in the data; sort by',
  'measure or dimension index; limit for top/bottom N; calculation only for share of total, change',
  'over time or the difference between two values. A measure of two numeric columns combined row',
  'by row ("gross minus budget") is the first column with arithmetic { op, column } naming the',
  'second, only when the question names both columns. A follow-up builds on the previous plan.',
].join(' ');

function describeColumns(semantics: WorksheetSemantics) {
  return semantics.columns.map((column) => ({
    name: column.name,
    type: column.type,
    role: column.role,
    ...(column.profile.topValues
      ? { examples: column.profile.topValues.slice(0, 5).map((v) => v.value) }
      : {}),
    ...(column.profile.min !== undefined
      ? { min: column.profile.min, max: column.profile.max }
      : {}),
  }));
}

/**
 * A planner backed by a language model (an OpenAI-compatible chat completions API): the model is
 * shown the worksheet's columns and asked for an `AnalysisPlan` as JSON, never SQL. Its answer goes
 * through the same schema and `checkPlan` as a client's plan; when it fails in any way the
 * fallback planner (the deterministic parser) answers instead.
 */
export function createModelPlanner(options: ModelPlannerOptions): Planner {
  const send = options.fetch ?? fetch;
  const schema = z.toJSONSchema(AnalysisPlanSchema, { io: 'input', unrepresentable: 'any' });
  const fallBack = (input: PlannerInput, reason: string): Promise<PlanOutcome> => {
    options.onFallback?.(reason);
    return options.fallback.plan(input);
  };
  return {
    async plan(input) {
      const { semantics } = input;
      let content: string | null;
      try {
        const response = await send(`${options.url.replace(/\/+$/, '')}/chat/completions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: options.model,
            temperature: 0,
            response_format: {
              type: 'json_schema',
              json_schema: { name: 'analysis_plan', schema, strict: false },
            },
            messages: [
              { role: 'system', content: INSTRUCTIONS },
              {
                role: 'user',
                content: JSON.stringify({
                  worksheetId: semantics.source.id,
                  worksheet: semantics.source.name,
                  columns: describeColumns(semantics),
                  previousPlan: input.previous?.plan ?? null,
                  question: input.question,
                }),
              },
            ],
          }),
          signal: input.signal
            ? AbortSignal.any([input.signal, AbortSignal.timeout(options.timeoutMs)])
            : AbortSignal.timeout(options.timeoutMs),
        });
        if (!response.ok) return fallBack(input, `the model answered HTTP ${response.status}`);
        const completion = CompletionSchema.safeParse(await response.json());
        if (!completion.success) return fallBack(input, 'the model answered no completion');
        content = completion.data.choices[0]!.message.content;
      } catch (error) {
        return fallBack(input, `the model could not be reached (${(error as Error).name})`);
      }
      let json: unknown;
      try {
        json = JSON.parse(content ?? '');
      } catch {
        return fallBack(input, 'the model answered something other than JSON');
      }
      const parsed = AnalysisPlanSchema.safeParse(json);
      if (!parsed.success || parsed.data.worksheetId !== semantics.source.id) {
        return fallBack(input, 'the model answered a plan that does not match the schema');
      }
      const problem = checkPlan(parsed.data, semantics.source);
      if (problem) return fallBack(input, `the model's plan does not fit: ${problem.message}`);
      return {
        ok: true,
        plan: parsed.data,
        // The model read the question: every slot is stated.
        interpretation: interpretPlan(parsed.data, semantics, 'stated'),
      };
    },
  };
}
