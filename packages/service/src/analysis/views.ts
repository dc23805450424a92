import {
  AnswerSchema,
  TurnErrorCodeSchema,
  TurnErrorSchema,
  type Conversation,
  type Turn,
} from '@ask-analyst/protocol';
import type { WorksheetSource } from '@ask-analyst/analyst';
import type { ConversationView, ReadableWorksheet, TurnRecord } from '@ask-analyst/workspace';

/** A stored turn as the tools show it (SPEC section 4, `Turn`). */
export function toTurn(record: TurnRecord): Turn {
  const turn: Turn = {
    id: record.id,
    index: record.index,
    question: record.question,
    status: record.status,
    createdAt: record.createdAt,
    startedAt: record.startedAt,
    finishedAt: record.finishedAt,
  };
  if (record.progress && (record.status === 'queued' || record.status === 'running')) {
    const step = record.progress.step;
    if (
      step === 'queued' ||
      step === 'understanding' ||
      step === 'querying' ||
      step === 'summarizing'
    ) {
      turn.progress = { step, message: record.progress.message };
    }
  }
  if (record.status === 'succeeded') {
    const answer = AnswerSchema.safeParse(record.answer);
    if (answer.success) turn.answer = answer.data;
  }
  if (record.error) {
    const code = TurnErrorCodeSchema.safeParse(record.error.code);
    turn.error = { code: code.success ? code.data : 'internal', message: record.error.message };
    const alternatives = TurnErrorSchema.shape.alternatives.safeParse(record.error.alternatives);
    if (alternatives.success && alternatives.data?.length)
      turn.error.alternatives = alternatives.data;
  }
  return turn;
}

/** A conversation as the tools show it (SPEC section 4, `Conversation`). */
export function toConversation(view: ConversationView): Conversation {
  return { ...view };
}

/** What the analyst needs to know of a worksheet the user may analyse. */
export function toWorksheetSource(worksheet: ReadableWorksheet): WorksheetSource {
  return {
    id: worksheet.id,
    name: worksheet.name,
    description: worksheet.description,
    workbook: {
      id: worksheet.workbook.id,
      name: worksheet.workbook.name,
      description: worksheet.workbook.description,
    },
    dataPath: worksheet.dataPath,
    rowCount: worksheet.rowCount,
    columns: worksheet.columns,
    semantics: worksheet.semantics,
  };
}
