import { describePass } from '../../../test-support/reading-passes.js';
import { discreteValues } from './discrete-values.js';

describePass(
  discreteValues,
  ['cars'],
  [
    [
      'cars',
      'average mpg of 4 cylinder cars',
      { filters: ['Cylinders is 4'], placed: ['4', 'cylinder'] },
    ],
    // After "top", "over": a ranking or a comparison, not a value.
    ['cars', 'top 4 cylinder cars', {}],
    ['cars', 'average horsepower over 4 cylinders', {}],
    // The second number of a range: the range is the numeric comparisons pass's.
    ['cars', 'how many cars have between 5 and 8 cylinders', {}],
    ['cars', 'cars from 4 to 6 cylinders', {}],
  ],
);
