import { describePass } from '../../../test-support/reading-passes.js';
import { columnAlternatives } from './column-alternatives.js';

describePass(
  columnAlternatives,
  ['weather', 'movies', 'strikes'],
  [
    // A measure named by words that name two columns is asked about, never picked silently.
    [
      'weather',
      'average temperature',
      {
        alternatives: ['"temperature" as temp_max', '"temperature" may also mean temp_min'],
        problem: 'needs_clarification',
      },
    ],
    // The semantic layer's word for a column is its default, the others named by it offered.
    ['movies', 'average gross by genre', { alternatives: ['"gross" may also mean US Gross'] }],
    // A column's own name names no other.
    ['weather', 'average temp_max', {}],
    ['movies', 'total worldwide gross by genre', {}],
  ],
);
