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
    // Without "which": the rows' own noun tied to the superlative names the winners (decision 157).
    [
      'cars',
      'for each number of cylinders, the car with the best mpg',
      { calculation: 'top_per_group 1', dimensions: ['Name'], ranking: 'desc 10', placed: ['car'] },
    ],
    [
      'cars',
      'the car with the lowest weight per origin',
      { calculation: 'top_per_group 1', dimensions: ['Name'], ranking: 'asc 10', placed: ['car'] },
    ],
    [
      'cars',
      'the heaviest car for each origin',
      { calculation: 'top_per_group 1', dimensions: ['Name'], ranking: 'desc 10', placed: ['car'] },
    ],
    [
      'cars',
      'for each origin, the most powerful car',
      { calculation: 'top_per_group 1', dimensions: ['Name'], ranking: 'desc 10', placed: ['car'] },
    ],
    [
      'movies',
      'for each genre, the highest grossing movie worldwide',
      {
        calculation: 'top_per_group 1',
        dimensions: ['Title'],
        measures: ['max(Worldwide Gross) defaulted', 'max(Worldwide Gross) defaulted'],
        placed: ['movie'],
      },
    ],
    [
      'movies',
      'the highest grossing movie in each genre',
      // ("grossing" names US Gross too: the column-alternatives pass asks which, later.)
      {
        calculation: 'top_per_group 1',
        dimensions: ['Title'],
        measures: ['max(Worldwide Gross) defaulted'],
        placed: ['movie'],
      },
    ],
    [
      'stocks',
      'the stock with the highest price each year',
      {
        calculation: 'top_per_group 1',
        dimensions: ['symbol'],
        ranking: 'desc 10',
        placed: ['stock'],
      },
    ],
    // A noun further from the superlative is left alone.
    ['cars', 'for each origin, the highest horsepower of cars', {}],
    ['cars', 'highest horsepower per origin', {}],
    // A number of the rows' own noun ranked within each group: that many winners per group.
    [
      'cars',
      'top 3 cars by horsepower for each origin',
      {
        dimensions: ['Name'],
        measures: ['max(Horsepower) defaulted'],
        calculation: 'top_per_group 3',
        placed: ['cars'],
      },
    ],
    // One winner overall, and a ranking of groups, are left alone.
    ['cars', 'which car has the highest horsepower', {}],
    ['penguins', 'which island has the most penguins', {}],
    ['stocks', 'top 3 symbols by average price', {}],
  ],
);
