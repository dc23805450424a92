import { describePass } from '../../../test-support/reading-passes.js';
import { valueLists } from './value-lists.js';

describePass(
  valueLists,
  ['cars', 'stocks', 'airports'],
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
    // Values listed together are read in one column: Nevada is the state NV, not the town.
    [
      'airports',
      'number of airports in Arizona, Utah and Nevada',
      { dimensions: ['state'], filters: ['state is one of AZ, UT, NV'] },
    ],
    // Said with its column, the town of that name is the value written exactly.
    ['airports', 'airports in the city of Nevada', { filters: ['city is Nevada'] }],
    // The same value twice is one equality.
    ['stocks', 'price of AAPL and AAPL', { filters: ['symbol is AAPL'] }],
  ],
);
