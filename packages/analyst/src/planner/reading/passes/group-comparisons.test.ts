import { describePass } from '../../../test-support/reading-passes.js';
import { groupComparisons } from './group-comparisons.js';

describePass(
  groupComparisons,
  ['cars', 'movies', 'flights', 'airports', 'strikes', 'penguins'],
  [
    // The rows, called by what they are, counted per group and compared (a HAVING).
    [
      'airports',
      'Which cities in Texas have more than 5 airports?',
      { groupFilter: 'count(*) gt 5', placed: ['more than', '5', 'airports'] },
    ],
    [
      'flights',
      'origins with at least 100 flights',
      { groupFilter: 'count(*) gte 100', placed: ['at least', '100', 'flights'] },
    ],
    [
      'cars',
      'which years have fewer than 30 cars',
      { groupFilter: 'count(*) lt 30', placed: ['fewer than', '30', 'cars'] },
    ],
    [
      'airports',
      'cities with 5 or more airports',
      { groupFilter: 'count(*) gte 5', placed: ['5', 'or more', 'airports'] },
    ],
    // A column of names or categories after the count: its distinct values counted per group.
    [
      'penguins',
      'which islands have more than one species',
      { groupFilter: 'count_distinct(Species) gt 1', placed: ['more than', 'one', 'species'] },
    ],
    [
      'movies',
      'which directors made movies in more than 3 genres',
      { groupFilter: 'count_distinct(Major Genre) gt 3', placed: ['more than', '3', 'genres'] },
    ],
    [
      'airports',
      'states with more than 10 cities',
      { groupFilter: 'count_distinct(city) gt 10', placed: ['more than', '10', 'cities'] },
    ],
    [
      'penguins',
      'how many islands have only one species',
      { groupFilter: 'count_distinct(Species) eq 1', placed: ['one', 'species'] },
    ],
    // A measure after the count is not counted ("more than 3 cylinders" is each car's).
    ['cars', 'which origins have more than 3 cylinders', {}],
    // A count compared exactly, or in words (decision 157): "only", "just", "exactly", "a single"
    // ("only" and "just" were placed as cues by the follow-up-cues pass).
    [
      'airports',
      'which states have only one airport',
      { groupFilter: 'count(*) eq 1', placed: ['one', 'airport'] },
    ],
    [
      'airports',
      'how many states have just one airport',
      { groupFilter: 'count(*) eq 1', placed: ['one', 'airport'] },
    ],
    [
      'airports',
      'which states have exactly 3 airports',
      { groupFilter: 'count(*) eq 3', placed: ['exactly', '3', 'airports'] },
    ],
    [
      'airports',
      'which states have a single airport',
      { groupFilter: 'count(*) eq 1', placed: ['have', 'single', 'airport'] },
    ],
    [
      'airports',
      'states with two airports',
      { groupFilter: 'count(*) eq 2', placed: ['with', 'two', 'airports'] },
    ],
    [
      'airports',
      'states with no more than 2 airports',
      { groupFilter: 'count(*) lte 2', placed: ['no more than', '2', 'airports'] },
    ],
    [
      'airports',
      'which states have more than one airport',
      { groupFilter: 'count(*) gt 1', placed: ['more than', 'one', 'airport'] },
    ],
    // "only" before a count it cannot read refuses, never dropped as a follow-up cue.
    ['airports', 'which states have only one large airport', { problem: 'not_understood' }],
    ['cars', 'only one car per origin', { problem: 'not_understood' }],
    // "only" before anything else stays a cue.
    ['cars', 'show only cars from Japan', {}],
    // An aggregation said before the compared column: the groups' aggregate, not the rows.
    [
      'movies',
      'genres with an average IMDB rating above 7',
      { groupFilter: 'avg(IMDB Rating) gt 7', placed: ['above', '7'] },
    ],
    [
      'cars',
      'origins whose total horsepower is over 20000',
      { groupFilter: 'sum(Horsepower) gt 20000', placed: ['over', '20000'] },
    ],
    // Counting the groups that pass: the comparison is read the same (the plan counts the groups,
    // decision 147).
    [
      'strikes',
      'how many airlines had more than 100 strikes',
      { groupFilter: 'count(*) gt 100', placed: ['more than', '100', 'strikes'] },
    ],
    [
      'flights',
      'number of origins with at least 1000 flights',
      { groupFilter: 'count(*) gte 1000', placed: ['at least', '1000', 'flights'] },
    ],
    [
      'movies',
      'how many genres have an average IMDB rating above 7',
      { groupFilter: 'avg(IMDB Rating) gt 7', placed: ['above', '7'] },
    ],
    // Rows compared on a column are left to the numeric-comparisons pass.
    ['cars', 'how many cars have more than 6 cylinders', {}],
    ['cars', 'cars with horsepower over 150 by origin', {}],
    ['cars', 'how many cars with weight between 2000 and 2500', {}],
    ['flights', 'flights with a delay of exactly 10', {}],
    // A time word compares dates, never a group's aggregate.
    ['flights', 'average delay by origin before 2000', {}],
  ],
);
