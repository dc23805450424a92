import { describePass } from '../../../test-support/reading-passes.js';
import { which } from './which.js';

describePass(
  which,
  ['cars', 'movies', 'weather', 'stocks', 'flights', 'airports', 'gapminder', 'penguins'],
  [
    // "when" with a superlative: the days ranked; without one, or with no date column, refused.
    ['weather', 'when was the hottest day', { dimensions: ['date by day'], placed: ['when'] }],
    // "which X and when": the time of the row at the extreme groups too (its day, or the year
    // column where there is no date).
    [
      'gapminder',
      'highest fertility rate ever recorded - which country and when?',
      { dimensions: ['country', 'year'], placed: ['which', 'country', 'when'] },
    ],
    [
      'stocks',
      'highest price ever, which stock and when',
      { dimensions: ['symbol', 'date by day'], placed: ['which', 'stock', 'when'] },
    ],
    // Without a superlative, or with no time to answer with, it is refused, never dropped.
    [
      'gapminder',
      'fertility rate of Rwanda, and when',
      { problem: 'not_understood', placed: ['when'] },
    ],
    [
      'penguins',
      'heaviest penguin ever - which species and when',
      { dimensions: ['Species'], problem: 'not_understood', placed: ['which', 'species', 'when'] },
    ],
    ['weather', 'when did it snow', { problem: 'not_understood', placed: ['when'] }],
    ['flights', 'when was the longest delay', { problem: 'not_understood', placed: ['when'] }],
    // "where" asks for the columns of places, in the worksheet's order; with none, refused.
    ['airports', 'where is JFK', { dimensions: ['city', 'state', 'country'], placed: ['where'] }],
    [
      'airports',
      'where is LaGuardia located',
      { dimensions: ['city', 'state', 'country'], placed: ['where', 'located'] },
    ],
    [
      'penguins',
      'where do gentoo penguins live',
      { dimensions: ['Island'], placed: ['where', 'live'] },
    ],
    ['stocks', 'where is IBM', { problem: 'not_understood', placed: ['where'] }],
    // A superlative before a period asks which one it was, with its value: the one at the extreme.
    [
      'weather',
      'what was the hottest day',
      { dimensions: ['date by day'], ranking: 'desc 1', placed: ['what'] },
    ],
    [
      'weather',
      'the wettest year',
      {
        measures: ['sum(precipitation) stated'],
        dimensions: ['date by year'],
        ranking: 'desc 1',
        placed: ['year'],
      },
    ],
    // Past a value the value filters read, to the rows' noun: the named rows rank.
    [
      'cars',
      'which American car is the lightest',
      { dimensions: ['Name'], placed: ['which', 'car'] },
    ],
    // A rate ("daily") is no period asked for.
    ['weather', 'highest daily wind', {}],
    // A route is the origin and destination together.
    [
      'flights',
      'Which route has the most flights?',
      { dimensions: ['origin', 'destination'], placed: ['Which', 'route'] },
    ],
    // A row word the semantic layer also gives a category ("stock" for the symbol, where a row is
    // a company and month): that category, never the whole worksheet's average.
    [
      'stocks',
      'which stock had the highest price',
      { dimensions: ['symbol'], placed: ['which', 'stock'] },
    ],
    [
      'movies',
      'which director has the most movies',
      { dimensions: ['Director'], placed: ['which', 'director'] },
    ],
    [
      'weather',
      'which month had the most precipitation',
      { dimensions: ['date by month'], placed: ['which', 'month'] },
    ],
    // Nothing "what" could group follows it: the word is only placed.
    ['cars', 'what is the heaviest car', { placed: ['what'] }],
    [
      'movies',
      'which movie has the highest imdb rating',
      { dimensions: ['Title'], placed: ['which', 'movie'] },
    ],
    ['cars', 'what is the average horsepower', { placed: ['what'] }],
  ],
);
