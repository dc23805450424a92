import { describePass } from '../../../test-support/reading-passes.js';
import { numberBeforeColumn } from './number-before-column.js';

describePass(
  numberBeforeColumn,
  ['cars'],
  [
    // A discrete column's value was read by the discrete-values pass before.
    ['cars', 'cars with 8 cylinders', {}],
    [
      'cars',
      'how many cars with 150 horsepower',
      { filters: ['Horsepower is 150'], placed: ['150', 'horsepower'] },
    ],
    // A ranking, read later.
    ['cars', 'top 5 horsepower', {}],
  ],
);
