import { recordAudit } from '../store/ops-audit.js';
import { purgeQuestions } from '../store/questions.js';
import { purgeTelemetry } from '../store/telemetry.js';
import { checkActor, type OpsContext } from './context.js';

/** Retention windows in days (SPEC section 7 defaults: 90 telemetry, 365 questions). */
export interface RetentionOptions {
  telemetryDays?: number | undefined;
  questionsDays?: number | undefined;
}

export interface PurgeResult {
  telemetryDays: number;
  questionsDays: number;
  deleted: { telemetry: number; turns: number; conversations: number };
}

/** Deletes telemetry and Ask Analyst questions older than their retention windows, in one transaction. */
export async function purgeRetention(
  ctx: OpsContext,
  options: RetentionOptions = {},
): Promise<PurgeResult> {
  const actor = checkActor(ctx.actor);
  const telemetryDays = options.telemetryDays ?? 90;
  const questionsDays = options.questionsDays ?? 365;
  return ctx.db.transaction(async (tx) => {
    const telemetry = await purgeTelemetry(tx, telemetryDays);
    const questions = await purgeQuestions(tx, questionsDays);
    const result = { telemetryDays, questionsDays, deleted: { telemetry, ...questions } };
    await recordAudit(tx, {
      actor,
      action: 'retention.purge',
      target: 'telemetry,questions',
      details: result,
    });
    return result;
  });
}
