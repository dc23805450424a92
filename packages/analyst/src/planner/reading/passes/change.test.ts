import { describePass } from '../../../test-support/reading-passes.js';
import { change } from './change.js';

describePass(
  change,
  ['cars', 'stocks', 'weather'],
  [
    [
      'weather',
      'change in total precipitation over time',
      { calculation: 'change_over_time', placed: ['change'] },
    ],
    ['stocks', 'price growth by year', { calculation: 'change_over_time', placed: ['growth'] }],
    ['cars', 'average horsepower', {}],
    // A change of nothing measured or counted: refused, never the change in the row count.
    [
      'stocks',
      'how much did MSFT change between 2001 and 2009',
      {
        calculation: 'change_over_time',
        problem: 'not_understood',
        alternatives: ['the change of price'],
        placed: ['change'],
      },
    ],
    // The rows' noun taken as the groups ("which stock") says nothing of what changes.
    [
      'stocks',
      'which stock grew the most',
      {
        calculation: 'change_over_time',
        problem: 'not_understood',
        alternatives: ['the change of price'],
        placed: ['grew'],
      },
    ],
    // The rows' noun says what changes: their count.
    [
      'weather',
      'how did rainy days change by year',
      { calculation: 'change_over_time', placed: ['change'] },
    ],
  ],
);
