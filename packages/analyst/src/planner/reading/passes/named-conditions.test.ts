import { describePass } from '../../../test-support/reading-passes.js';
import { namedConditions } from './named-conditions.js';

// The Flights layer names "late" (delay above 0, also "delayed", "arrived late"), "on time" (at
// most 0) and "early" (below 0).
describePass(
  namedConditions,
  ['flights', 'cars'],
  [
    [
      'flights',
      'what percentage of flights arrived late',
      { filters: ['delay is above 0'], placed: ['arrived late'] },
    ],
    [
      'flights',
      'how many flights were delayed',
      { filters: ['delay is above 0'], placed: ['delayed'] },
    ],
    [
      'flights',
      'percentage of on-time flights',
      { filters: ['delay is at most 0'], placed: ['on time'] },
    ],
    // The column measured, the condition its rows.
    [
      'flights',
      'average delay of delayed flights',
      { filters: ['delay is above 0'], placed: ['delayed'] },
    ],
    [
      'flights',
      'average distance of early flights',
      { filters: ['delay is below 0'], placed: ['early'] },
    ],
    // "not" before it: the other way.
    [
      'flights',
      'how many flights were not late',
      { filters: ['delay is at most 0'], placed: ['not', 'late'] },
    ],
    // The column's own word measured or compared: left for the later passes.
    ['flights', 'how late are flights out of ORD on average', {}],
    ['flights', 'flights more than 2 hours late', {}],
    ['flights', 'flights delayed more than 30 minutes', {}],
    ['flights', 'average lateness', {}],
    // Before a time: not the condition.
    ['flights', 'flights late March', {}],
    // A superlative of the word before the rows: the most late rows, or the highest delay?
    ['flights', 'which origin has the most delayed flights', { problem: 'needs_clarification' }],
    ['flights', 'what is the most delayed flight', {}],
    // Two conditions on one column hold of no row together.
    [
      'flights',
      'how many late and on time flights',
      {
        filters: ['delay is above 0', 'delay is at most 0'],
        problem: 'not_understood',
        placed: ['late', 'on time'],
      },
    ],
    // A worksheet whose layer names no condition.
    ['cars', 'how many cars are late', {}],
  ],
);
