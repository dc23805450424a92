import { describePass } from '../../../test-support/reading-passes.js';
import { numericComparisons } from './numeric-comparisons.js';

describePass(
  numericComparisons,
  ['cars'],
  [
    [
      'cars',
      'how many cars have horsepower over 150',
      { filters: ['Horsepower is above 150'], placed: ['horsepower', 'over', '150'] },
    ],
    [
      'cars',
      'how many cars with horsepower under 70',
      { filters: ['Horsepower is below 70'], placed: ['horsepower', 'under', '70'] },
    ],
    [
      'cars',
      'how many cars have at least 6 cylinders',
      { filters: ['Cylinders is at least 6'], placed: ['at least', '6', 'cylinders'] },
    ],
    [
      'cars',
      'how many cars with weight between 2000 and 2500',
      {
        filters: ['Weight_in_lbs is at least 2000', 'Weight_in_lbs is at most 2500'],
        placed: ['weight', 'between', '2000', 'and', '2500'],
      },
    ],
    // The column is also what is measured: the measures pass still reads it.
    [
      'cars',
      'average weight between 2000 and 2500',
      {
        filters: ['Weight_in_lbs is at least 2000', 'Weight_in_lbs is at most 2500'],
        placed: ['between', '2000', 'and', '2500'],
      },
    ],
    // No numeric column next to it: nothing to compare.
    ['cars', 'how many cars over 150', {}],
  ],
);
