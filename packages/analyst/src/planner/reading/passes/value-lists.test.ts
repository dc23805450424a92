import { describePass } from '../../../test-support/reading-passes.js';
import { valueLists } from './value-lists.js';

describePass(
  valueLists,
  ['cars', 'stocks', 'airports', 'flights', 'strikes', 'movies'],
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
    // A count of values joined by "or" is one total: one `in` filter, no grouping.
    [
      'strikes',
      'how many strikes were at dawn or dusk?',
      { filters: ['Time of day is one of Dawn, Dusk'] },
    ],
    [
      'flights',
      'number of flights out of ATL, ORD or DFW',
      { filters: ['origin is one of ATL, ORD, DFW'] },
    ],
    [
      'movies',
      'count the movies that are comedies or dramas',
      { filters: ['Major Genre is one of Comedy, Drama'] },
    ],
    // A comparison, a ranking, "each" or "and" keeps each value its own group.
    [
      'cars',
      'which has more cars, Europe or Japan',
      { dimensions: ['Origin'], filters: ['Origin is one of Europe, Japan'] },
    ],
    [
      'cars',
      'how many cars from Europe or Japan each',
      { dimensions: ['Origin'], filters: ['Origin is one of Europe, Japan'] },
    ],
    [
      'cars',
      'number of cars from Europe and Japan',
      { dimensions: ['Origin'], filters: ['Origin is one of Europe, Japan'] },
    ],
    // With another aggregation too: one average over the rows with any of the values.
    [
      'cars',
      'average mpg of cars from Europe or Japan',
      { filters: ['Origin is one of Europe, Japan'] },
    ],
    // A series over time keeps a line per value.
    [
      'stocks',
      'AAPL or MSFT price trend',
      { dimensions: ['symbol'], filters: ['symbol is one of AAPL, MSFT'] },
    ],
    // Values of two columns joined by "or" are never one row's filters.
    [
      'flights',
      'how many flights from ATL or to ORD',
      { filters: ['origin is ATL', 'destination is ORD'], problem: 'not_understood' },
    ],
    // An alternative after "or" that is no value of the data is not dropped: refused.
    [
      'strikes',
      'number of strikes during approach or landing',
      { filters: ['Phase of flight is Approach'], problem: 'not_understood' },
    ],
    // The same value twice is one equality.
    ['stocks', 'price of AAPL and AAPL', { filters: ['symbol is AAPL'] }],
  ],
);
