import { describePass } from '../../../test-support/reading-passes.js';
import { shapes } from './shapes.js';

describePass(
  shapes,
  ['cars', 'penguins', 'gapminder', 'flights', 'stocks', 'movies', 'airports'],
  [
    // Binned counts of one numeric column.
    [
      'cars',
      'histogram of horsepower',
      { shape: 'histogram Horsepower', asksForValue: true, placed: ['histogram', 'horsepower'] },
    ],
    [
      'penguins',
      'body mass distribution',
      {
        shape: 'histogram Body Mass (g)',
        asksForValue: true,
        placed: ['body mass', 'distribution'],
      },
    ],
    // Quartiles per group: a box plot, or a distribution by a group.
    [
      'penguins',
      'box plot of flipper length by species',
      {
        shape: 'boxplot Flipper Length (mm)',
        asksForValue: true,
        placed: ['box', 'plot', 'flipper length'],
      },
    ],
    [
      'cars',
      'distribution of horsepower by origin',
      {
        shape: 'boxplot Horsepower',
        asksForValue: true,
        placed: ['distribution', 'horsepower'],
      },
    ],
    // A line runs along time: with no time grouping, the time column groups first.
    [
      'stocks',
      'line chart of amazon and microsoft prices',
      { dimensions: ['date', 'symbol'], chart: 'line', placed: ['line', 'chart'] },
    ],
    ['cars', 'line chart of horsepower by origin', { chart: 'line', placed: ['line', 'chart'] }],
    // A verb of drawing with two numeric columns and nothing aggregated draws the rows.
    [
      'airports',
      'plot the airports by longitude and latitude',
      {
        shape: 'scatter longitude, latitude',
        asksForValue: true,
        placed: ['plot', 'by', 'longitude', 'latitude'],
      },
    ],
    [
      'penguins',
      'graph flipper length and body mass',
      {
        shape: 'scatter Flipper Length (mm), Body Mass (g)',
        asksForValue: true,
        placed: ['graph', 'flipper length', 'body mass'],
      },
    ],
    // Aggregated, it is no plot of rows: left to the measures.
    ['cars', 'plot average horsepower and weight', {}],
    // Two numeric columns against each other: one point per row ("A vs B": A up the y axis).
    [
      'cars',
      'horsepower versus weight',
      {
        shape: 'scatter Weight_in_lbs, Horsepower',
        asksForValue: true,
        placed: ['horsepower', 'versus', 'weight'],
      },
    ],
    [
      'cars',
      'correlate weight and mpg',
      {
        shape: 'scatter Weight_in_lbs, Miles_per_Gallon',
        asksForValue: true,
        placed: ['correlate', 'weight', 'mpg'],
      },
    ],
    // Relationship verbs: "A affects B" takes A along the x axis, "B depends on A" B up the y axis.
    [
      'cars',
      'how does weight affect mpg',
      {
        shape: 'scatter Weight_in_lbs, Miles_per_Gallon',
        asksForValue: true,
        placed: ['weight', 'affect', 'mpg'],
      },
    ],
    [
      'cars',
      'the effect of horsepower on acceleration',
      {
        shape: 'scatter Horsepower, Acceleration',
        asksForValue: true,
        placed: ['effect', 'horsepower', 'acceleration'],
      },
    ],
    [
      'cars',
      'does mpg depend on weight',
      {
        shape: 'scatter Weight_in_lbs, Miles_per_Gallon',
        asksForValue: true,
        placed: ['mpg', 'depend', 'weight'],
      },
    ],
    // A relationship with one numeric column is refused, never an aggregate instead.
    ['cars', 'does origin affect mpg', { problem: 'not_understood' }],
    // A chart kind named.
    ['cars', 'number of cars per year as a bar chart', { chart: 'bar', placed: ['bar', 'chart'] }],
    [
      'stocks',
      'average price by month as a line chart',
      { chart: 'line', placed: ['line', 'chart'] },
    ],
    // Columns that do not fit refuse; an aggregation with a shape refuses.
    ['cars', 'scatter of horsepower', { problem: 'not_understood' }],
    [
      'cars',
      'histogram of horsepower by origin',
      { problem: 'not_understood', alternatives: ['the quartiles of each group side by side'] },
    ],
    ['cars', 'average horsepower histogram', { problem: 'not_understood' }],
    // Values against each other are a comparison of groups, not a scatter.
    ['stocks', 'AAPL vs MSFT average price', {}],
  ],
);
