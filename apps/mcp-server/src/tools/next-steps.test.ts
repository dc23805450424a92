import { notReadable, ServiceError } from '@ask-analyst/service';
import { describe, expect, it } from 'vitest';
import { ToolError } from '../errors.js';
import { toToolError } from './data-errors.js';
import { withNextStep } from './next-steps.js';

describe('the MCP next step on service errors', () => {
  it('names the tool to call after the service message', () => {
    const cases: Array<[ServiceError, string]> = [
      [
        new ServiceError('not_found', 'No conversation with id conv_1 that you can read.', {
          reason: { kind: 'conversation_not_readable', conversationId: 'conv_1' },
        }),
        'No conversation with id conv_1 that you can read. Use list_analyses to find your conversations.',
      ],
      [
        notReadable('worksheet', 'ws_1'),
        'No worksheet with id ws_1 that you can read. Use list_workbooks and get_workbook to find worksheets you have access to.',
      ],
      [
        new ServiceError('not_found', 'You have no worksheets to analyse.', {
          reason: { kind: 'nothing_to_analyse' },
        }),
        'You have no worksheets to analyse. Use list_workbooks to see what you can read.',
      ],
      [
        new ServiceError('rate_limited', 'You already have 3 analyses queued or running.', {
          reason: { kind: 'too_many_unfinished', unfinished: 3, limit: 3 },
        }),
        'You already have 3 analyses queued or running. Follow one with get_analysis, or cancel one with cancel_analysis.',
      ],
      [new ServiceError('conflict', 'Retry.'), 'Retry.'],
    ];
    for (const [error, expected] of cases) {
      expect(withNextStep(error)).toBe(expected);
      const mapped = toToolError(error);
      expect(mapped).toBeInstanceOf(ToolError);
      expect((mapped as ToolError).publicMessage).toBe(expected);
    }
  });
});
