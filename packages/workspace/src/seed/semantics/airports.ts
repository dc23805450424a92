import type { SemanticLayer } from '../../semantics/layer.js';

/** Flight Operations / Airports (`airports.csv`): one row per airport, almost all in the US. */
export const AIRPORTS_SEMANTICS: SemanticLayer = {
  // A row is one airport; its other words (airfield, aerodrome) already name the airport's name.
  row: { noun: 'airport' },
  columns: [
    {
      column: 'iata',
      label: 'IATA code',
      description:
        "The airport's three-character IATA or FAA location code; Flights' origin and destination use it.",
      synonyms: ['airport code', 'code', 'faa code', 'location identifier', 'location id'],
      defaultAggregation: 'count_distinct',
      format: 'text',
    },
    {
      column: 'name',
      label: 'Airport name',
      description: 'Name of the airport (e.g. Seattle-Tacoma Intl).',
      synonyms: ['airport', 'airfield', 'airstrip', 'aerodrome', 'facility'],
      defaultAggregation: 'count_distinct',
      format: 'text',
    },
    {
      column: 'city',
      label: 'City',
      description:
        'City or town the airport serves; NA where it was not recorded. Towns of one name lie in several states (Greenville, Jackson), so a city is named with its state.',
      synonyms: ['town', 'municipality', 'place'],
      defaultAggregation: 'count_distinct',
      format: 'text',
      missingValues: ['NA'],
      qualifiedBy: 'state',
    },
    {
      column: 'state',
      label: 'State',
      description:
        'Two-letter USPS code of the US state or territory (e.g. WA, PR, GU); NA where it was not recorded (all airports abroad and eight in the US).',
      synonyms: ['us state', 'state code', 'territory'],
      defaultAggregation: 'count_distinct',
      format: 'text',
      missingValues: ['NA'],
    },
    {
      column: 'country',
      label: 'Country',
      description: 'Country of the airport; USA for all but a handful.',
      synonyms: ['nation'],
      defaultAggregation: 'count_distinct',
      format: 'text',
    },
    {
      column: 'latitude',
      label: 'Latitude',
      description: 'Latitude of the airport in decimal degrees (north positive).',
      synonyms: ['lat'],
      unit: '°',
      format: 'number',
      decimals: 4,
      defaultAggregation: 'none',
    },
    {
      column: 'longitude',
      label: 'Longitude',
      description:
        'Longitude of the airport in decimal degrees (east positive, so negative in the US).',
      synonyms: ['lon', 'lng', 'long'],
      unit: '°',
      format: 'number',
      decimals: 4,
      defaultAggregation: 'none',
    },
  ],
};
