import { describePass } from '../../../test-support/reading-passes.js';
import { winnerPerGroup } from './winner-per-group.js';

describePass(
  winnerPerGroup,
  ['cars', 'movies', 'penguins', 'stocks'],
  [
    // One winner per group: ranked within each group, the groups first, never the pairs overall (a
    // measure with no aggregation said is already at its maximum: superlative-ranking).
    [
      'cars',
      'For each origin, which car has the highest horsepower?',
      { calculation: 'top_per_group 1' },
    ],
    // The groups named last: still the groups (the groupings pass read them first).
    [
      'cars',
      'which car has the highest horsepower for each origin',
      { calculation: 'top_per_group 1' },
    ],
    [
      'movies',
      'in each genre, which director has the highest average imdb rating',
      { calculation: 'top_per_group 1' },
    ],
    ['stocks', 'which symbol had the lowest price per year', { calculation: 'top_per_group 1' }],
    // One winner overall, and a ranking of groups, are left alone.
    ['cars', 'which car has the highest horsepower', {}],
    ['penguins', 'which island has the most penguins', {}],
    ['stocks', 'top 3 symbols by average price', {}],
  ],
);
