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
    // A change asked as one amount: between the ends of a range, when the plan finds one.
    [
      'stocks',
      'how much did the price of MSFT change from 2005 to 2008',
      { calculation: 'change_over_time between ends', placed: ['change'] },
    ],
    [
      'stocks',
      'percentage change in price between 2005 and 2008',
      { calculation: 'change_over_time between ends', placed: ['change'] },
    ],
    [
      'weather',
      'the increase in total precipitation from 2012 to 2015',
      { calculation: 'change_over_time between ends', placed: ['increase'] },
    ],
    // "how did … change" asks for the path: every period, each from the one before.
    [
      'stocks',
      'how did the price of MSFT change from 2005 to 2008',
      { calculation: 'change_over_time', placed: ['change'] },
    ],
    // A change of nothing measured or counted: the worksheet's only measure, never the row count.
    [
      'stocks',
      'how much did MSFT change between 2001 and 2009',
      {
        calculation: 'change_over_time between ends',
        measures: ['avg(price) defaulted'],
        placed: ['change'],
      },
    ],
    // With several measures, nothing says which changed: refused with them offered.
    [
      'cars',
      'how much did Japan change from 1970 to 1980',
      {
        calculation: 'change_over_time between ends',
        problem: 'not_understood',
        alternatives: [
          'the change of Miles_per_Gallon',
          'the change of Displacement',
          'the change of Horsepower',
        ],
        placed: ['change'],
      },
    ],
    // The rows' noun taken as the groups of a ranking ("which stock … the most") is what is
    // ranked; the worksheet's one measure is what grew (decision 161).
    [
      'stocks',
      'which stock grew the most',
      { calculation: 'change_over_time', measures: ['avg(price) defaulted'], placed: ['grew'] },
    ],
    // With several measures, still refused with them offered.
    [
      'cars',
      'which origin grew the most',
      {
        calculation: 'change_over_time',
        problem: 'not_understood',
        alternatives: [
          'the change of Miles_per_Gallon',
          'the change of Displacement',
          'the change of Horsepower',
        ],
        placed: ['grew'],
      },
    ],
    // "dropped", "fell", "rose", "increased": a change only beside a ranking.
    [
      'stocks',
      "which stock's price dropped the most",
      { calculation: 'change_over_time', placed: ['dropped'] },
    ],
    [
      'stocks',
      'top 3 symbols whose price rose',
      { calculation: 'change_over_time', placed: ['rose'] },
    ],
    ['stocks', 'months when the price dropped', {}],
    // Both ways at once would rank only one of them: refused.
    [
      'stocks',
      'which stocks rose the most and which fell the most',
      {
        calculation: 'change_over_time',
        measures: ['avg(price) defaulted'],
        problem: 'not_understood',
        placed: ['rose', 'fell'],
      },
    ],
    ['weather', 'days the temperature fell below 0', {}],
    // The rows' noun says what changes: their count.
    [
      'weather',
      'how did rainy days change by year',
      { calculation: 'change_over_time', placed: ['change'] },
    ],
  ],
);
