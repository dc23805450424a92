import { describePass } from '../../../test-support/reading-passes.js';
import { leftovers } from './leftovers.js';

describePass(
  leftovers,
  ['cars', 'flights', 'strikes'],
  [
    ['cars', 'how many cars', {}],
    // "day" is no value of Flights: the time grain word stays unplaced.
    ['flights', 'during the day', { placed: ['during', 'the'] }],
    ['flights', 'average delay by the way', { placed: ['by', 'the'] }],
    ['cars', 'cars versus', { placed: ['cars', 'versus'] }],
    // The layer's words for a row and the event it records (decision 149): placed as the rows.
    ['strikes', 'average speed at impact by phase of flight', { placed: ['at', 'impact'] }],
    ['cars', 'average weight of the vehicles', { placed: ['of', 'the', 'vehicles'] }],
  ],
);
