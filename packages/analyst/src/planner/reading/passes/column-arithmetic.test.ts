import { describePass } from '../../../test-support/reading-passes.js';
import { columnArithmetic } from './column-arithmetic.js';

const PROFIT = 'Worldwide Gross − Production Budget';

describePass(
  columnArithmetic,
  ['movies', 'cars', 'flights', 'weather'],
  [
    // A slash between the two columns of a scatter lists them: no arithmetic.
    ['cars', 'horsepower/weight scatter', {}],
    // Two numeric columns and a word or sign between them: one derived measure.
    [
      'movies',
      'average worldwide gross minus budget by genre',
      { derived: [`worldwide gross minus budget: ${PROFIT}`] },
    ],
    [
      'movies',
      'average worldwide gross - production budget by genre',
      { derived: [`worldwide gross - production budget: ${PROFIT}`] },
    ],
    [
      'movies',
      'average (worldwide gross) - (budget) by genre',
      { derived: [`worldwide gross - budget: ${PROFIT}`] },
    ],
    [
      'movies',
      'median worldwide gross less production budget by MPAA rating',
      { derived: [`worldwide gross less production budget: ${PROFIT}`] },
    ],
    [
      'movies',
      'total us gross plus us dvd sales',
      { derived: ['us gross plus us dvd sales: US Gross + US DVD Sales'] },
    ],
    [
      'cars',
      'horsepower/weight by origin',
      { derived: ['horsepower/weight: Horsepower / Weight_in_lbs'] },
    ],
    [
      'cars',
      'horsepower divided by weight by origin',
      { derived: ['horsepower divided by weight: Horsepower / Weight_in_lbs'] },
    ],
    [
      'flights',
      'delay per distance by origin',
      { derived: ['delay per distance: delay / distance'] },
    ],
    // Said by a word of difference or ratio.
    [
      'weather',
      'average difference between maximum temperature and minimum temperature by month',
      {
        derived: [
          'difference between maximum temperature and minimum temperature: temp_max − temp_min',
        ],
      },
    ],
    [
      'movies',
      'average ratio of worldwide gross to budget by genre',
      { derived: [`ratio of worldwide gross to budget: Worldwide Gross / Production Budget`] },
    ],
    [
      'movies',
      'worldwide gross to budget ratio by genre',
      { derived: ['worldwide gross to budget ratio: Worldwide Gross / Production Budget'] },
    ],
    [
      'movies',
      'worldwide gross/budget ratio by genre',
      { derived: ['worldwide gross/budget ratio: Worldwide Gross / Production Budget'] },
    ],
    // Named by the question itself: the name and what defines it are one mention.
    [
      'movies',
      'average profit (worldwide gross minus budget) by genre',
      { derived: [`profit (worldwide gross minus budget): profit (${PROFIT})`] },
    ],
    [
      'movies',
      'average net profit (worldwide gross minus budget) by genre',
      { derived: [`net profit (worldwide gross minus budget): net profit (${PROFIT})`] },
    ],
    [
      'movies',
      'total profit, i.e. worldwide gross minus budget, by genre',
      { derived: [`profit, i.e. worldwide gross minus budget: profit (${PROFIT})`] },
    ],
    [
      'movies',
      'average profit defined as worldwide gross minus production budget by genre',
      {
        derived: [`profit defined as worldwide gross minus production budget: profit (${PROFIT})`],
      },
    ],
    [
      'movies',
      'average worldwide gross minus budget (profit) by genre',
      { derived: [`worldwide gross minus budget (profit): profit (${PROFIT})`] },
    ],
    // A bracket left open names nothing: "profit" stays for the precision rule.
    [
      'movies',
      'average profit (worldwide gross minus budget by genre',
      { derived: [`worldwide gross minus budget: ${PROFIT}`] },
    ],
    // Not arithmetic: a grouping by a column of few values, one column's own phrase, a list.
    ['cars', 'average mpg per cylinders', {}],
    ['cars', 'miles per gallon by origin', {}],
    ['cars', 'average horsepower and weight by origin', {}],
    ['movies', 'average profit by genre', {}],
    ['flights', 'average delay from 1995-2000', {}],
    // A phrase of two columns, a ratio or product right after an aggregation, a grouping by it: asked
    // or refused, never read one way.
    [
      'movies',
      'average gross minus budget',
      {
        problem: 'needs_clarification',
        alternatives: ['"gross" as Worldwide Gross', '"gross" as US Gross'],
      },
    ],
    [
      'movies',
      'average worldwide gross divided by budget',
      {
        problem: 'needs_clarification',
        alternatives: ["the average of each row's Worldwide Gross divided by Production Budget"],
      },
    ],
    [
      'cars',
      'average horsepower per weight',
      {
        problem: 'needs_clarification',
        alternatives: ["the average of each row's Horsepower divided by Weight_in_lbs"],
      },
    ],
    [
      'movies',
      'us gross as a percentage of worldwide gross by genre',
      {
        problem: 'needs_clarification',
        alternatives: ["the average of each row's US Gross divided by Worldwide Gross"],
      },
    ],
    [
      'movies',
      'average us gross as a fraction of worldwide gross',
      {
        problem: 'needs_clarification',
        alternatives: ["the average of each row's US Gross divided by Worldwide Gross"],
      },
    ],
    [
      'movies',
      'average IMDB rating by worldwide gross minus budget',
      { problem: 'not_understood' },
    ],
    [
      'movies',
      'top 10 movies by worldwide gross minus budget',
      { derived: [`worldwide gross minus budget: ${PROFIT}`] },
    ],
  ],
);
