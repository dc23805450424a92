import { describePass } from '../../../test-support/reading-passes.js';
import { valueLists } from './value-lists.js';

describePass(
  valueLists,
  ['cars', 'stocks'],
  [
    [
      'stocks',
      'AAPL vs MSFT average price',
      { dimensions: ['symbol'], filters: ['symbol is one of AAPL, MSFT'], placed: ['vs'] },
    ],
    [
      'cars',
      'difference between Japan and USA in average miles per gallon',
      {
        dimensions: ['Origin'],
        filters: ['Origin is one of Japan, USA'],
        calculation: 'difference(Japan, USA)',
        placed: ['difference between'],
      },
    ],
    ['cars', 'how many cars from Japan', { filters: ['Origin is Japan'] }],
    // The same value twice is one equality.
    ['stocks', 'price of AAPL and AAPL', { filters: ['symbol is AAPL'] }],
  ],
);
