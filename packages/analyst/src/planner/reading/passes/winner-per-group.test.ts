import { describePass } from '../../../test-support/reading-passes.js';
import { winnerPerGroup } from './winner-per-group.js';

describePass(
  winnerPerGroup,
  ['cars', 'movies', 'penguins', 'stocks'],
  [
    // One winner per group has no plan: refused, never the highest pairs overall.
    [
      'movies',
      'in each genre, which director has the highest average imdb rating',
      {
        alternatives: [
          'the highest pairs overall, not one per group',
          'one winner over all of Movies',
        ],
        problem: 'not_understood',
      },
    ],
    [
      'stocks',
      'which symbol had the highest price per year',
      {
        alternatives: [
          'the highest pairs overall, not one per group',
          'one winner over all of Stocks',
        ],
        problem: 'not_understood',
      },
    ],
    // One winner overall, and a ranking of groups, are answered.
    ['cars', 'which car has the highest horsepower', {}],
    ['penguins', 'which island has the most penguins', {}],
    ['stocks', 'top 3 symbols by average price', {}],
  ],
);
