import type { SemanticLayer } from '../../semantics/layer.js';

/** Penguins / Penguins (`penguins.json`): one row per penguin of the Palmer Archipelago study. */
export const PENGUINS_SEMANTICS: SemanticLayer = {
  // A row is one penguin measured: an animal, a bird, an individual.
  row: { noun: 'penguin', synonyms: ['animal', 'bird', 'individual', 'specimen'] },
  columns: [
    {
      column: 'Species',
      label: 'Species',
      description: 'Species of the penguin: Adelie, Chinstrap or Gentoo.',
      synonyms: ['penguin species', 'kind of penguin', 'type of penguin', 'penguin type', 'breed'],
      defaultAggregation: 'count',
      format: 'text',
    },
    {
      column: 'Island',
      label: 'Island',
      description: 'Island where the penguin was studied: Biscoe, Dream or Torgersen.',
      synonyms: ['home island', 'location', 'habitat'],
      defaultAggregation: 'count',
      format: 'text',
    },
    {
      column: 'Beak Length (mm)',
      label: 'Beak length',
      description: 'Length of the beak (culmen) along its top ridge, in millimetres.',
      synonyms: ['bill length', 'culmen length', 'culmen', 'beak len', 'bill len'],
      unit: 'mm',
      format: 'number',
      decimals: 1,
      defaultAggregation: 'avg',
    },
    {
      column: 'Beak Depth (mm)',
      label: 'Beak depth',
      description: 'Depth (height) of the beak at its base, in millimetres.',
      synonyms: ['bill depth', 'culmen depth', 'beak height', 'bill height', 'beak thickness'],
      unit: 'mm',
      format: 'number',
      decimals: 1,
      defaultAggregation: 'avg',
    },
    {
      column: 'Flipper Length (mm)',
      label: 'Flipper length',
      description: 'Length of the flipper, in millimetres.',
      synonyms: ['flipper', 'flippers', 'flipper size', 'flipper len', 'wing length'],
      unit: 'mm',
      format: 'integer',
      decimals: 0,
      defaultAggregation: 'avg',
    },
    {
      column: 'Body Mass (g)',
      label: 'Body mass',
      description: 'Weight of the penguin, in grams.',
      synonyms: ['weight', 'mass', 'body weight', 'grams', 'how heavy', 'heaviness'],
      unit: 'g',
      format: 'integer',
      decimals: 0,
      defaultAggregation: 'avg',
    },
    {
      column: 'Sex',
      label: 'Sex',
      description: "Sex of the penguin: MALE or FEMALE; empty or '.' when it was not recorded.",
      synonyms: ['gender', 'male or female'],
      defaultAggregation: 'count',
      format: 'text',
      missingValues: ['.'],
    },
  ],
};
