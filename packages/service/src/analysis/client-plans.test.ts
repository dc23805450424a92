import type { AnalysisPlan } from '@ask-analyst/protocol';
import { describe, expect, it } from 'vitest';
import { checkPlanText, planArgumentError } from './client-plans.js';

describe('errors about the plan argument', () => {
  it('name the field as a dotted path under plan, then the fix', () => {
    const error = planArgumentError(
      'measures[0].aggregation',
      'measures[0].aggregation: avg does not apply to string column "Title"; …',
    );
    expect(error).toMatchObject({
      code: 'invalid_argument',
      field: 'plan.measures.0.aggregation',
      message:
        'Invalid argument "plan.measures.0.aggregation": avg does not apply to string column "Title"; …',
    });
    expect(
      planArgumentError('filters[2].value', 'filters[2].value must be a string.'),
    ).toMatchObject({
      field: 'plan.filters.2.value',
      message: 'Invalid argument "plan.filters.2.value": must be a string.',
    });
  });

  it('refuse text no store can hold (U+0000), naming where it is', () => {
    const plan: AnalysisPlan = {
      worksheetId: 'ws_x',
      measures: [{ column: null, aggregation: 'count', label: 'Rows' }],
      dimensions: [],
      filters: [{ column: 'Species', op: 'in', value: ['Adelie', 'Gentoo\u0000'], part: null }],
      sort: [],
      limit: null,
      calculation: null,
      shape: null,
      chart: null,
    };
    expect(() => checkPlanText(plan)).toThrow(
      expect.objectContaining({ field: 'plan.filters.0.value.1' }) as Error,
    );
    expect(() => checkPlanText({ ...plan, filters: [] })).not.toThrow();
  });
});
