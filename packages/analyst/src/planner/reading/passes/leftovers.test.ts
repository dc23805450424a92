import { describePass } from '../../../test-support/reading-passes.js';
import { leftovers } from './leftovers.js';

describePass(
  leftovers,
  ['cars', 'flights'],
  [
    ['cars', 'how many cars', {}],
    // "day" is no value of Flights: the time grain word stays unplaced.
    ['flights', 'during the day', { placed: ['during', 'the'] }],
    ['flights', 'average delay by the way', { placed: ['by', 'the'] }],
    ['cars', 'cars versus', { placed: ['cars', 'versus'] }],
  ],
);
