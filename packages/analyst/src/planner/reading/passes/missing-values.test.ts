import { describePass } from '../../../test-support/reading-passes.js';
import { missingValues } from './missing-values.js';

describePass(
  missingValues,
  ['penguins', 'movies', 'cars', 'flights', 'strikes', 'airports', 'weather'],
  [
    // A column of categories after "no" or "without" (with "a", "any", "recorded" between): its
    // value was not recorded.
    [
      'penguins',
      'how many penguins have no recorded sex?',
      { filters: ['Sex has no value'], placed: ['no', 'recorded', 'sex'] },
    ],
    [
      'movies',
      'how many movies without a genre',
      { filters: ['Major Genre has no value'], placed: ['without', 'a', 'genre'] },
    ],
    [
      'movies',
      'how many movies have no director',
      { filters: ['Director has no value'], placed: ['no', 'director'] },
    ],
    // The layer's mark of a value not recorded (Airports' "NA") is no value already.
    [
      'airports',
      'how many airports have no city',
      { filters: ['city has no value'], placed: ['no', 'city'] },
    ],
    // A word that says so, before or after the column.
    [
      'penguins',
      'how many penguins with unknown sex by species',
      { filters: ['Sex has no value'], placed: ['unknown', 'sex'] },
    ],
    [
      'penguins',
      'how many penguins where sex is missing',
      { filters: ['Sex has no value'], placed: ['sex', 'is', 'missing'] },
    ],
    [
      'penguins',
      'count penguins whose sex was not recorded',
      { filters: ['Sex has no value'], placed: ['sex', 'was', 'not', 'recorded'] },
    ],
    // A measure only with such a word: "no delay" may be a delay of 0.
    [
      'cars',
      'how many cars have missing horsepower',
      { filters: ['Horsepower has no value'], placed: ['missing', 'horsepower'] },
    ],
    [
      'cars',
      'how many cars with no recorded horsepower',
      { filters: ['Horsepower has no value'], placed: ['no', 'recorded', 'horsepower'] },
    ],
    ['flights', 'how many flights had no delay', {}],
    ['weather', 'days with no precipitation', {}],
    // A column holding a value that says none ("None" damage, "Not Rated"): "no X" may be it.
    ['strikes', 'how many strikes with no damage', {}],
    ['movies', 'how many movies have no mpaa rating', {}],
    // A phrase naming several columns, a value, or a value excluded: not this pass's.
    ['movies', 'how many movies have no rating', {}],
    ['cars', 'how many cars without Europe', {}],
    ['weather', 'days with no rain', {}],
  ],
);
