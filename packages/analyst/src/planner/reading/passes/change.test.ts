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
  ],
);
