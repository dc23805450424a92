import { describePass } from '../../../test-support/reading-passes.js';
import { ranking } from './ranking.js';

describePass(
  ranking,
  ['cars', 'flights', 'movies', 'weather', 'airports'],
  [
    // Values between the count and the rows' noun (or a column of groups) filter what is ranked,
    // by the measure named after it; a value of the column ranked, of a twin, or no measure named
    // leaves "top 3" without what it ranks.
    [
      'cars',
      'top 3 european cars by mpg',
      { dimensions: ['Name'], ranking: 'desc 3', placed: ['top', '3', 'cars'] },
    ],
    [
      'movies',
      'bottom 3 comedy movies by imdb rating',
      { dimensions: ['Title'], ranking: 'asc 3', placed: ['bottom', '3', 'movies'] },
    ],
    [
      'airports',
      'top 10 Alaska airports by latitude',
      { dimensions: ['name'], ranking: 'desc 10', placed: ['top', '10', 'airports'] },
    ],
    ['cars', 'top 3 european cars', { ranking: 'desc 3', placed: ['top', '3'] }],
    ['flights', 'top 5 ATL destinations by distance', { ranking: 'desc 5', placed: ['top', '5'] }],
    // An order asked for ranks every group by a measure; rows called by their noun are named.
    [
      'movies',
      'Spielberg movies sorted by worldwide gross',
      { dimensions: ['Title'], ranking: 'desc null', placed: ['movies', 'sorted by'] },
    ],
    [
      'flights',
      'average delay by origin in ascending order',
      { ranking: 'asc null', placed: ['in ascending order'] },
    ],
    [
      'flights',
      'top 5 routes by number of flights',
      { dimensions: ['origin', 'destination'], ranking: 'desc 5', placed: ['top', '5', 'routes'] },
    ],
    [
      'flights',
      'count of flights by origin sorted by count',
      { ranking: 'desc null', placed: ['sorted by'] },
    ],
    [
      'movies',
      'average budget by genre sorted by budget',
      { ranking: 'desc null', placed: ['sorted by', 'budget'] },
    ],
    // A sort by a grouping, or an order of a time series, is left unplaced (refused, or time order).
    ['cars', 'average mpg by origin sorted by origin', {}],
    ['weather', 'total precipitation by year in ascending order', {}],
    [
      'flights',
      'top 5 origins by number of flights',
      { dimensions: ['origin'], ranking: 'desc 5', placed: ['top', '5', 'origins'] },
    ],
    [
      'cars',
      'bottom 1 origin by average mpg',
      { dimensions: ['Origin'], ranking: 'asc 1', placed: ['bottom', '1', 'origin'] },
    ],
    [
      'cars',
      'top 3 cars by horsepower',
      { dimensions: ['Name'], ranking: 'desc 3', placed: ['top', '3', 'cars'] },
    ],
    ['cars', 'top 3 by horsepower', { ranking: 'desc 3', placed: ['top', '3'] }],
    // A count right before a superlative ranks as "top N" does, in the superlative's direction;
    // the superlative itself is left to the measures pass.
    [
      'movies',
      'the 3 most common genres',
      { dimensions: ['Major Genre'], ranking: 'desc 3', placed: ['3', 'genres'] },
    ],
    [
      'cars',
      '2 least common origins',
      { dimensions: ['Origin'], ranking: 'asc 2', placed: ['2', 'origins'] },
    ],
    [
      'cars',
      'the 2 heaviest cars',
      { dimensions: ['Name'], ranking: 'desc 2', placed: ['2', 'cars'] },
    ],
    // The count before what is ranked, "with the" superlative after it.
    [
      'movies',
      'the 3 genres with the most movies',
      { dimensions: ['Major Genre'], ranking: 'desc 3', placed: ['3', 'genres'] },
    ],
    [
      'cars',
      '5 cars with the lowest horsepower',
      { dimensions: ['Name'], ranking: 'asc 5', placed: ['5', 'cars'] },
    ],
    ['cars', 'cars with 8 cylinders with the highest horsepower', {}],
    // "city names" is the city column (mentions.ts), not also the column called name.
    [
      'airports',
      'top 10 most common city names',
      { dimensions: ['city'], ranking: 'desc 10', placed: ['top', '10', 'city names'] },
    ],
    // A number that is no count of groups ranks nothing.
    ['cars', 'cars with 8 cylinders', {}],
    // "top" without a number is left to the measures pass.
    ['cars', 'top horsepower', {}],
  ],
);
