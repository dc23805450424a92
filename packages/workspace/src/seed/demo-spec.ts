import type { Role } from '../permissions/roles.js';
import type { SemanticLayer } from '../semantics/layer.js';
import { AIRPORTS_SEMANTICS } from './semantics/airports.js';
import { BIRDSTRIKES_SEMANTICS } from './semantics/birdstrikes.js';
import { CARS_SEMANTICS } from './semantics/cars.js';
import { FLIGHTS_SEMANTICS } from './semantics/flights.js';
import { GAPMINDER_SEMANTICS } from './semantics/gapminder.js';
import { MOVIES_SEMANTICS } from './semantics/movies.js';
import { PENGUINS_SEMANTICS } from './semantics/penguins.js';
import { SEATTLE_WEATHER_SEMANTICS } from './semantics/seattle-weather.js';
import { STOCKS_SEMANTICS } from './semantics/stocks.js';

/** The password of every demo user (SPEC section 6). */
export const DEMO_PASSWORD = 'analyst-demo';

export interface DemoUser {
  email: string;
  name: string;
  org: string;
  revoked?: boolean;
  roles: Record<string, Role>;
}

export interface DemoWorksheet {
  name: string;
  /** File in the `vega-datasets` package's `data/` folder. */
  source: string;
  description: string;
  /** Its semantic layer, as a data steward wrote it (one file per source in `semantics/`). */
  semantics: SemanticLayer;
}

export interface DemoWorkbook {
  workspace: string;
  name: string;
  description: string;
  worksheets: DemoWorksheet[];
}

/** Organizations, by name, whether they are enrolled in the private beta, and their owner. */
export const DEMO_ORGS: Array<{ name: string; enrolled: boolean; owner: string }> = [
  { name: 'Acme Analytics', enrolled: true, owner: 'ada@acme.test' },
  { name: 'Globex', enrolled: false, owner: 'hopper@globex.test' },
];

/** Workspaces by organization; the owner of a workspace's workbooks is its admin. */
export const DEMO_WORKSPACES: Array<{ org: string; name: string; admin: string }> = [
  { org: 'Acme Analytics', name: 'Operations', admin: 'ada@acme.test' },
  { org: 'Acme Analytics', name: 'Research', admin: 'ada@acme.test' },
  { org: 'Globex', name: 'Globex Main', admin: 'hopper@globex.test' },
];

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'ada@acme.test',
    name: 'Ada Lovelace',
    org: 'Acme Analytics',
    roles: { Operations: 'admin', Research: 'admin' },
  },
  {
    email: 'alan@acme.test',
    name: 'Alan Turing',
    org: 'Acme Analytics',
    roles: { Research: 'analyst' },
  },
  {
    email: 'grace@acme.test',
    name: 'Grace Hopper',
    org: 'Acme Analytics',
    roles: { Research: 'viewer' },
  },
  {
    email: 'linus@acme.test',
    name: 'Linus Torvalds',
    org: 'Acme Analytics',
    revoked: true,
    roles: { Operations: 'analyst' },
  },
  {
    email: 'hopper@globex.test',
    name: 'Murray Hopper',
    org: 'Globex',
    roles: { 'Globex Main': 'admin' },
  },
];

export const DEMO_WORKBOOKS: DemoWorkbook[] = [
  {
    workspace: 'Operations',
    name: 'Flight Operations',
    description: 'US domestic flights with their delays, and the airports they connect.',
    worksheets: [
      {
        name: 'Flights',
        source: 'flights-3m.parquet',
        description: 'Three million US domestic flights with scheduled departure, delay and route.',
        semantics: FLIGHTS_SEMANTICS,
      },
      {
        name: 'Airports',
        source: 'airports.csv',
        description: 'US airports by IATA code, with city, state and coordinates.',
        semantics: AIRPORTS_SEMANTICS,
      },
    ],
  },
  {
    workspace: 'Operations',
    name: 'Bird Strikes',
    description: 'Wildlife strikes on aircraft reported to the FAA, with damage and cost.',
    worksheets: [
      {
        name: 'Strikes',
        source: 'birdstrikes.csv',
        description:
          'One row per reported wildlife strike: airport, aircraft, phase of flight, species and cost.',
        semantics: BIRDSTRIKES_SEMANTICS,
      },
    ],
  },
  {
    workspace: 'Research',
    name: 'Film Industry',
    description: 'Movies with their budgets, box office grosses and ratings.',
    worksheets: [
      {
        name: 'Movies',
        source: 'movies.json',
        description:
          'One row per movie: grosses and budget in US dollars, release date, genre and ratings.',
        semantics: MOVIES_SEMANTICS,
      },
    ],
  },
  {
    workspace: 'Research',
    name: 'Automobiles',
    description: 'Classic car models of 1970–1982 with fuel economy and engine data.',
    worksheets: [
      {
        name: 'Cars',
        source: 'cars.json',
        description:
          'One row per car model: miles per gallon, cylinders, horsepower, weight, year and origin.',
        semantics: CARS_SEMANTICS,
      },
    ],
  },
  {
    workspace: 'Research',
    name: 'Seattle Weather',
    description: 'Daily weather observations in Seattle, 2012–2015.',
    worksheets: [
      {
        name: 'Daily Weather',
        source: 'seattle-weather.csv',
        description:
          'One row per day: precipitation (mm), maximum and minimum temperature (°C), wind and weather.',
        semantics: SEATTLE_WEATHER_SEMANTICS,
      },
    ],
  },
  {
    workspace: 'Research',
    name: 'World Development',
    description: 'Population, life expectancy and fertility by country since 1955 (Gapminder).',
    worksheets: [
      {
        name: 'Gapminder',
        source: 'gapminder.json',
        description:
          'One row per country and five-year step: population, life expectancy and fertility.',
        semantics: GAPMINDER_SEMANTICS,
      },
    ],
  },
  {
    workspace: 'Research',
    name: 'Markets',
    description: 'Monthly stock prices of large technology companies, 2000–2010.',
    worksheets: [
      {
        name: 'Stocks',
        source: 'stocks.csv',
        description: 'One row per company and month: closing price.',
        semantics: STOCKS_SEMANTICS,
      },
    ],
  },
  {
    workspace: 'Research',
    name: 'Penguins',
    description: 'Palmer Archipelago penguins: species, island and body measurements.',
    worksheets: [
      {
        name: 'Penguins',
        source: 'penguins.json',
        description:
          'One row per penguin: species, island, beak and flipper size, body mass and sex.',
        semantics: PENGUINS_SEMANTICS,
      },
    ],
  },
  {
    workspace: 'Globex Main',
    name: 'Globex Sales',
    description: 'Monthly stock prices Globex tracks.',
    worksheets: [
      {
        name: 'Stocks',
        source: 'stocks.csv',
        description: 'One row per company and month: closing price.',
        semantics: STOCKS_SEMANTICS,
      },
    ],
  },
];
