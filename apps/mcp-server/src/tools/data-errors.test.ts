import { DataError, WorkspaceError } from '@ask-analyst/workspace';
import { describe, expect, it } from 'vitest';
import { ToolError } from '../errors.js';
import { toToolError } from './data-errors.js';
import { toolErrorResult } from './run-tool.js';

const contentOf = (error: unknown) =>
  toolErrorResult(error as ToolError, 'req_test1').structuredContent as {
    error: Record<string, unknown>;
  };

describe('toToolError', () => {
  it('names the argument the engine refused, dotted as the funnel names fields', () => {
    const error = toToolError(
      new DataError('invalid_argument', 'filters[2].value must be a number for column "delay"', {
        field: 'filters[2].value',
      }),
    );
    expect(contentOf(error).error).toEqual({
      code: 'invalid_argument',
      message: 'Invalid argument "filters.2.value": must be a number for column "delay"',
      retryable: false,
      requestId: 'req_test1',
      field: 'filters.2.value',
    });
  });

  it('keeps timeout and unavailable retryable, with the engine’s words', () => {
    const timeout = contentOf(
      toToolError(new DataError('timeout', 'reading the worksheet took longer than 30000 ms')),
    ).error;
    expect(timeout).toMatchObject({ code: 'timeout', retryable: true });
    expect(timeout.message).toBe(
      'Reading the worksheet took longer than 30000 ms. Narrow the request (filters, fewer columns, a smaller limit) or retry later.',
    );
    const busy = contentOf(
      toToolError(new DataError('unavailable', 'too many queries are running')),
    ).error;
    expect(busy).toMatchObject({
      code: 'unavailable',
      retryable: true,
      message: 'Too many queries are running. Retry shortly.',
    });
  });

  it('hides failures that are not the caller’s doing behind internal', () => {
    for (const error of [
      new DataError('invalid_argument', 'not a worksheet data path', { field: 'dataPath' }),
      new DataError('invalid_file', 'the file is empty'),
    ]) {
      const content = contentOf(toToolError(error)).error;
      expect(content).toMatchObject({ code: 'internal', retryable: false });
      expect(content.message).not.toContain('data path');
    }
  });

  it('maps product-core errors by code, naming cursor and limit', () => {
    expect(
      contentOf(
        toToolError(new WorkspaceError('invalid_argument', 'cursor is not valid: start again')),
      ).error,
    ).toMatchObject({
      code: 'invalid_argument',
      field: 'cursor',
      message: 'Invalid argument "cursor": is not valid: start again',
    });
    expect(
      contentOf(toToolError(new WorkspaceError('not_found', 'no workbook with id wb_1'))).error,
    ).toMatchObject({ code: 'not_found', message: 'No workbook with id wb_1.' });
  });

  it('leaves other errors alone', () => {
    const error = new Error('boom');
    expect(toToolError(error)).toBe(error);
    const tool = new ToolError('conflict');
    expect(toToolError(tool)).toBe(tool);
  });
});
