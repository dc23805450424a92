import { describePass } from '../../../test-support/reading-passes.js';
import { superlativeRanking } from './superlative-ranking.js';

describePass(
  superlativeRanking,
  ['cars', 'flights', 'stocks', 'weather', 'movies', 'penguins', 'gapminder', 'strikes'],
  [
    ['flights', 'which origin has the highest average delay', { ranking: 'desc 10' }],
    // A measure averaged by default is taken at its highest (lowest) value: the highest price
    // reached, never the highest average price; "which" still ranks the groups.
    [
      'stocks',
      'which stock had the highest price',
      { measures: ['max(price) stated'], ranking: 'desc 10' },
    ],
    [
      'cars',
      'which origin has the lowest horsepower',
      { measures: ['min(Horsepower) stated'], ranking: 'asc 10' },
    ],
    // "on average" said: the averages ranked, never the extremes.
    ['penguins', 'which species has the shortest flippers on average?', { ranking: 'asc 10' }],
    ['cars', 'which origin has the heaviest cars on average', { ranking: 'desc 10' }],
    // The time asked beside another group ("which country and when"): the one row at the extreme,
    // its own value (a sum taken at its extreme too).
    [
      'gapminder',
      'highest fertility rate ever recorded - which country and when?',
      { measures: ['max(fertility) stated'], ranking: 'desc 1' },
    ],
    [
      'gapminder',
      'lowest life expectancy ever — which country and what year',
      { measures: ['min(life_expect) stated'], ranking: 'asc 1' },
    ],
    [
      'stocks',
      'which stock had the highest price, and when',
      { measures: ['max(price) stated'], ranking: 'desc 1' },
    ],
    [
      'gapminder',
      'highest population ever, which country and when',
      { measures: ['max(pop) stated'], ranking: 'desc 1' },
    ],
    // Each group's value asked for ("per", "by", no "which"): every group kept, in its order.
    ['stocks', 'highest close per symbol', { measures: ['max(price) stated'] }],
    ['weather', 'highest maximum temperature per year', { measures: ['max(temp_max) stated'] }],
    ['weather', 'lowest temperature by month', { measures: ['min(temp_min) stated'] }],
    // A sum stays the total, ranked.
    ['movies', 'which genre has the highest worldwide gross', { ranking: 'desc 10' }],
    // A ranking was asked for: it stays.
    ['cars', 'top 3 origin with the highest horsepower', {}],
    ['cars', 'highest horsepower', {}],
    // The rows' own noun beside it: the rows named and ranked, as "which film" does (decision 149).
    [
      'movies',
      'the film with the most votes',
      { dimensions: ['Title'], ranking: 'desc 10', placed: ['film'] },
    ],
    [
      'movies',
      'the movie with the highest imdb rating',
      { dimensions: ['Title'], ranking: 'desc 10', placed: ['movie'] },
    ],
    // Rows without names, or called only "rows": the bare extreme stays.
    ['flights', 'the longest flight distance', {}],
    ['movies', 'the record with the highest budget', {}],
  ],
);
