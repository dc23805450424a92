import { describePass } from '../../../test-support/reading-passes.js';
import { columnAlternatives } from './column-alternatives.js';

describePass(
  columnAlternatives,
  ['weather'],
  [
    ['weather', 'average temperature', { alternatives: ['"temperature" may also mean temp_min'] }],
    // A column's own name names no other.
    ['weather', 'average temp_max', {}],
  ],
);
