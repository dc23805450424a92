import type { SemanticLayer } from '../../semantics/layer.js';

/**
 * World Development / Gapminder (`gapminder.json`): one row per country and five-year step,
 * 1955–2005. A year is written as it is (format `text`: no thousands separator).
 */
export const GAPMINDER_SEMANTICS: SemanticLayer = {
  // A row is one country's figures in one five-year step; people have no plain noun for it.
  row: { noun: 'data point' },
  columns: [
    {
      column: 'year',
      label: 'Year',
      description: 'Year of the figures, in five-year steps from 1955 to 2005.',
      synonyms: ['date', 'period', 'time'],
      format: 'text',
      defaultAggregation: 'none',
    },
    {
      column: 'country',
      label: 'Country',
      description: 'Name of the country.',
      synonyms: ['nation', 'country name', 'territory'],
      defaultAggregation: 'count_distinct',
      format: 'text',
      // The short and everyday names people use for countries the data spells in full.
      values: [
        { value: 'United States', synonyms: ['USA', 'United States of America'] },
        { value: 'United Kingdom', synonyms: ['UK', 'Britain', 'Great Britain'] },
        { value: 'Netherlands', synonyms: ['Holland', 'the Netherlands'] },
        { value: 'Hong Kong, China', synonyms: ['Hong Kong'] },
      ],
    },
    {
      column: 'cluster',
      label: 'Region',
      description:
        'World region of the country, as a number: 0 South Asia, 1 Europe & Central Asia, 2 Sub-Saharan Africa, 3 America, 4 East Asia & Pacific, 5 Middle East & North Africa.',
      synonyms: ['world region', 'region group', 'continent', 'area', 'group'],
      format: 'integer',
      decimals: 0,
      defaultAggregation: 'none',
    },
    {
      column: 'pop',
      label: 'Population',
      description:
        'Number of people living in the country that year (add up within one year only).',
      synonyms: [
        'people',
        'inhabitants',
        'residents',
        'number of people',
        'headcount',
        'population size',
        'people living',
        'people lived',
        'people live',
      ],
      unit: 'people',
      format: 'integer',
      decimals: 0,
      defaultAggregation: 'sum',
      levelInTime: true,
    },
    {
      column: 'life_expect',
      label: 'Life expectancy',
      description: 'Life expectancy at birth, in years.',
      synonyms: [
        'life expectancy at birth',
        'lifespan',
        'life span',
        'longevity',
        'life exp',
        'how long people live',
      ],
      unit: 'years',
      format: 'number',
      decimals: 1,
      defaultAggregation: 'avg',
    },
    {
      column: 'fertility',
      label: 'Fertility rate',
      description: 'Total fertility rate: children born per woman over her lifetime.',
      synonyms: [
        'birth rate',
        'birthrate',
        'natality',
        'births per woman',
        'children per woman',
        'total fertility rate',
        'tfr',
        'babies per woman',
      ],
      unit: 'births per woman',
      format: 'number',
      decimals: 2,
      defaultAggregation: 'avg',
    },
  ],
};
