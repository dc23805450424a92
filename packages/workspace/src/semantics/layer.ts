import { ValueFormatSchema, type ColumnType } from '@ask-analyst/protocol';
import { z } from 'zod';
import type { WorksheetColumn } from '../data/types.js';
import { WorkspaceError } from '../errors.js';

/**
 * What a measure named without an aggregation is summarised by. `none` is Power BI's "don't
 * summarize": a number that only groups or labels (a year, a code, a coordinate). A spread
 * (standard deviation, variance, range) is asked for by name, never a column's default.
 */
export const DEFAULT_AGGREGATIONS = [
  'count',
  'count_distinct',
  'sum',
  'avg',
  'min',
  'max',
  'median',
  'none',
] as const;
export type DefaultAggregation = (typeof DEFAULT_AGGREGATIONS)[number];

const text = (max: number) => z.string().trim().min(1).max(max);

/**
 * What a data steward says about one column: how to show it (`label`, `unit`, `format`,
 * `decimals`), what it means (`description`), the other words people use for it (`synonyms`), and
 * how it adds up (`defaultAggregation`). Every field but `column` is optional. `format` `percent`
 * means the values are fractions (0.25 shows as 25 %); a column of 0–100 scores keeps `integer` or
 * `number` with the unit `%`.
 */
export const ColumnSemanticsSchema = z.strictObject({
  column: z.string().min(1).max(300).describe('The exact column name, as the worksheet has it.'),
  label: text(80).optional().describe('The name to show for the column.'),
  description: text(500).optional().describe('What the column holds, for people and the analyst.'),
  synonyms: z
    .array(text(60))
    .max(40)
    .optional()
    .describe('Other words people use for the column (unique within the worksheet).'),
  unit: text(24).optional().describe('The unit of its values, e.g. USD, min, mm, °C.'),
  defaultAggregation: z
    .enum(DEFAULT_AGGREGATIONS)
    .optional()
    .describe('How the column is summarised when a question names no aggregation.'),
  format: ValueFormatSchema.optional().describe('How its values are written.'),
  decimals: z.number().int().min(0).max(20).optional().describe('Digits after the decimal point.'),
  valuesReadHere: z
    .boolean()
    .optional()
    .describe(
      'Where a value named without a column is found in this text column and in others (an airport in origin and destination), read it here, said so in the answer. At most one column per worksheet.',
    ),
  levelInTime: z
    .boolean()
    .optional()
    .describe(
      "A level measured at a point in time (a population, an account balance): it adds up across rows of one period, never across periods, as Power BI's semi-additive measures.",
    ),
  missingValues: z
    .array(z.string().min(1).max(60))
    .min(1)
    .max(10)
    .optional()
    .describe(
      'Values of a text column that stand for "not recorded" (NA, "."): the analyst reads them as no value, so they never group, count or match as a value.',
    ),
  qualifiedBy: z
    .string()
    .min(1)
    .max(300)
    .optional()
    .describe(
      'Another column that names one thing together with this one (a city and its state): a grouping by this column also groups by that one, unless a filter holds it to one value.',
    ),
  values: z
    .array(
      z.strictObject({
        value: z.string().min(1).max(300).describe('A value of the column, exactly as stored.'),
        synonyms: z.array(text(60)).min(1).max(20).describe('Other names people use for it.'),
      }),
    )
    .max(500)
    .optional()
    .describe(
      'Other names people use for values of a text column, as Power BI Q&A\'s value synonyms: "Amazon" for the ticker AMZN.',
    ),
});
export type ColumnSemantics = z.infer<typeof ColumnSemanticsSchema>;

/**
 * What one row of the worksheet is, in the words people use for it (decision 149): its noun
 * ("strike") and other nouns or verbs for the thing or event a row records ("hit", "collision").
 * A question that says one of them counts, names or groups the rows themselves.
 */
export const RowSemanticsSchema = z.strictObject({
  noun: text(60).describe('What one row is, in the singular: "flight", "strike", "movie".'),
  synonyms: z
    .array(text(60))
    .max(40)
    .optional()
    .describe(
      'Other words for a row and for the event it records ("hit", "collision" for a strike); none may be a column\'s name or label.',
    ),
});
export type RowSemantics = z.infer<typeof RowSemanticsSchema>;

/** How a named condition compares its column with its value. */
export const CONDITION_OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] as const;

/**
 * A word people use for rows that meet a condition on one column, as a steward defines it: "late"
 * for flights whose arrival delay is above 0, "on time" for those at or below 0. A question that
 * says the word ("what share of flights arrived late") filters on the condition.
 */
export const NamedConditionSchema = z.strictObject({
  word: text(60).describe('The word for rows that meet the condition: "late", "on time".'),
  synonyms: z
    .array(text(60))
    .max(20)
    .optional()
    .describe('Other words or forms people use for it: "delayed", "behind schedule".'),
  description: text(300).optional().describe('What the condition means, in words.'),
  column: z.string().min(1).max(300).describe('The exact name of the column it compares.'),
  op: z.enum(CONDITION_OPS).describe('How the column compares with the value.'),
  value: z
    .union([z.number().finite(), z.string().min(1).max(300), z.boolean()])
    .describe('A number for a numeric column, a value for a text column, true or false.'),
});
export type NamedCondition = z.infer<typeof NamedConditionSchema>;

/** A worksheet's semantic layer: at most one entry per column, in the worksheet's column order. */
export const SemanticLayerSchema = z.strictObject({
  row: RowSemanticsSchema.optional().describe('What one row is (optional).'),
  columns: z.array(ColumnSemanticsSchema).max(2000),
  conditions: z
    .array(NamedConditionSchema)
    .max(100)
    .optional()
    .describe('Words for rows that meet a condition on one column ("late": delay above 0).'),
});
export type SemanticLayer = z.infer<typeof SemanticLayerSchema>;

/** The layer of a worksheet nobody has described yet (no `row`: the analyst reads names and descriptions). */
export const EMPTY_SEMANTIC_LAYER: SemanticLayer = Object.freeze({ columns: [] });

const NUMERIC: ReadonlySet<ColumnType> = new Set(['integer', 'number']);
const TEMPORAL: ReadonlySet<ColumnType> = new Set(['date', 'timestamp']);

/** Value formats that read right for a column type. */
function formatFits(format: string, type: ColumnType): boolean {
  if (format === 'text') return true;
  if (NUMERIC.has(type)) return ['integer', 'number', 'percent', 'currency'].includes(format);
  if (type === 'date') return format === 'date';
  if (type === 'timestamp') return format === 'timestamp' || format === 'date';
  return false;
}

/** Aggregations that mean something for a column type. */
function aggregationFits(aggregation: DefaultAggregation, type: ColumnType): boolean {
  if (aggregation === 'none' || aggregation === 'count' || aggregation === 'count_distinct')
    return true;
  if (aggregation === 'min' || aggregation === 'max')
    return NUMERIC.has(type) || TEMPORAL.has(type);
  return NUMERIC.has(type);
}

/** A word as a question compares it: case, underscores and runs of spaces do not count. */
export function phraseOf(words: string): string {
  return words
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')
    .trim();
}

const quote = (value: string) => JSON.stringify(value);

/**
 * Checks a semantic layer against a worksheet's columns and returns it in column order. Refuses,
 * as `invalid_argument` naming each bad column: a shape the schema does not admit, a column the
 * worksheet does not have, two entries for one column, a format, aggregation or decimals that do
 * not fit the column's type, a label shared by two columns or equal to another column's name, and
 * a synonym used twice in the worksheet or equal to another column's name or label, value synonyms on
 * a column that is not text, and a value synonym naming two values or equal to a column's word.
 */
export function checkSemanticLayer(
  input: unknown,
  columns: readonly WorksheetColumn[],
): SemanticLayer {
  const layer = checkSemanticLayerShape(input);
  const byName = new Map(columns.map((column, position) => [column.name, { column, position }]));
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const entry of layer.columns) {
    const at = `column ${quote(entry.column)}`;
    const found = byName.get(entry.column);
    if (!found) {
      const near = columns.find((c) => phraseOf(c.name) === phraseOf(entry.column));
      problems.push(
        `${at}: the worksheet has no such column${near ? ` (did you mean ${quote(near.name)}?)` : ''}`,
      );
      continue;
    }
    if (seen.has(entry.column)) problems.push(`${at}: described twice`);
    seen.add(entry.column);
    const { type } = found.column;
    if (entry.format && !formatFits(entry.format, type))
      problems.push(`${at}: format ${entry.format} does not fit a ${type} column`);
    if (entry.defaultAggregation && !aggregationFits(entry.defaultAggregation, type))
      problems.push(
        `${at}: default aggregation ${entry.defaultAggregation} does not fit a ${type} column`,
      );
    if (entry.decimals !== undefined && !NUMERIC.has(type))
      problems.push(`${at}: decimals apply to numbers, not to a ${type} column`);
    if (entry.valuesReadHere && type !== 'string')
      problems.push(`${at}: values are read in a text column, not in a ${type} column`);
    if (entry.levelInTime && !NUMERIC.has(type))
      problems.push(`${at}: a level in time is a number, not a ${type} column`);
    if (entry.values?.length && type !== 'string')
      problems.push(`${at}: value synonyms apply to text columns, not to a ${type} column`);
    if (entry.missingValues && type !== 'string')
      problems.push(`${at}: missing values are marked in text columns, not in a ${type} column`);
    if (entry.qualifiedBy !== undefined) {
      const qualifier = layer.columns.find((other) => other.column === entry.qualifiedBy);
      if (entry.qualifiedBy === entry.column || !byName.has(entry.qualifiedBy))
        problems.push(`${at}: qualified by ${quote(entry.qualifiedBy)}, which is no other column`);
      else if (qualifier?.qualifiedBy !== undefined)
        problems.push(`${at}: qualified by ${quote(entry.qualifiedBy)}, which is itself qualified`);
    }
  }
  const readHere = layer.columns.filter((entry) => entry.valuesReadHere);
  if (readHere.length > 1)
    problems.push(
      `values are read in one column at most, not in ${readHere.map((e) => quote(e.column)).join(' and ')}`,
    );
  problems.push(...nameClashes(layer, columns));
  problems.push(...rowClashes(layer, columns));
  problems.push(...conditionProblems(layer, columns));
  if (problems.length > 0) throw refuse(problems);
  return {
    ...(layer.row ? { row: layer.row } : {}),
    ...(layer.conditions?.length ? { conditions: layer.conditions } : {}),
    columns: [...layer.columns].sort(
      (a, b) => byName.get(a.column)!.position - byName.get(b.column)!.position,
    ),
  };
}

/**
 * Checks a semantic layer's shape only (what can be checked before the worksheet's columns are
 * known, e.g. before an imported file is read); `invalid_argument` naming each bad entry.
 */
export function checkSemanticLayerShape(input: unknown): SemanticLayer {
  const parsed = SemanticLayerSchema.safeParse(input);
  if (!parsed.success) {
    const entries = Array.isArray((input as { columns?: unknown } | null)?.columns)
      ? ((input as { columns: unknown[] }).columns as Array<{ column?: unknown } | null>)
      : [];
    throw refuse(
      parsed.error.issues.map((issue) => {
        const path = issue.path.map(String);
        const index = issue.path[1];
        let where = path.join('.') || 'layer';
        if (issue.path[0] === 'columns' && typeof index === 'number') {
          const named = entries[index]?.column;
          where = [typeof named === 'string' ? `column ${quote(named)}` : `entry ${index}`]
            .concat(path.slice(2))
            .join('.');
        }
        return `${where}: ${issue.message}`;
      }),
    );
  }
  return parsed.data;
}

/** Labels and synonyms that would make one word name two columns. */
function nameClashes(layer: SemanticLayer, columns: readonly WorksheetColumn[]): string[] {
  const problems: string[] = [];
  const owners = new Map<string, { column: string; what: string }>();
  for (const column of columns)
    owners.set(phraseOf(column.name), { column: column.name, what: 'name' });
  const claim = (phrase: string, column: string, what: string) => {
    const key = phraseOf(phrase);
    const owner = owners.get(key);
    if (!owner) {
      owners.set(key, { column, what });
      return;
    }
    if (owner.column === column && (owner.what === 'name' || what === 'synonym')) {
      if (owner.what === 'synonym' && what === 'synonym')
        problems.push(`column ${quote(column)}: synonym ${quote(phrase)} is listed twice`);
      return;
    }
    if (owner.column !== column)
      problems.push(
        `column ${quote(column)}: ${what} ${quote(phrase)} is already the ${owner.what} of column ${quote(owner.column)}`,
      );
  };
  for (const entry of layer.columns) if (entry.label) claim(entry.label, entry.column, 'label');
  for (const entry of layer.columns)
    for (const synonym of entry.synonyms ?? []) claim(synonym, entry.column, 'synonym');
  // A value synonym names one value of the worksheet: never two values, never a column.
  const values = new Map<string, string>();
  for (const entry of layer.columns) {
    for (const { value, synonyms } of entry.values ?? []) {
      for (const synonym of synonyms) {
        const key = phraseOf(synonym);
        const here = `${entry.column}\n${value}`;
        const owner = values.get(key);
        if (owner !== undefined && owner !== here)
          problems.push(
            `column ${quote(entry.column)}: value synonym ${quote(synonym)} already names the value ${quote(owner.split('\n')[1]!)}`,
          );
        else if (owners.has(key))
          problems.push(
            `column ${quote(entry.column)}: value synonym ${quote(synonym)} is already the ${owners.get(key)!.what} of column ${quote(owners.get(key)!.column)}`,
          );
        values.set(key, here);
      }
    }
  }
  return problems;
}

/**
 * Row words that would hide a column: one equal to a column's name or label (those name the column
 * surely), or listed twice. A row word equal to a column's synonym is allowed (a movie is a "film",
 * which names its Title too) and is read as the rows.
 */
function rowClashes(layer: SemanticLayer, columns: readonly WorksheetColumn[]): string[] {
  if (!layer.row) return [];
  const problems: string[] = [];
  const named = new Map<string, string>();
  for (const column of columns)
    named.set(phraseOf(column.name), `the name of column ${quote(column.name)}`);
  for (const entry of layer.columns)
    if (entry.label) named.set(phraseOf(entry.label), `the label of column ${quote(entry.column)}`);
  const seen = new Set<string>();
  for (const word of [layer.row.noun, ...(layer.row.synonyms ?? [])]) {
    const key = phraseOf(word);
    const owner = named.get(key);
    if (owner) problems.push(`row: ${quote(word)} is already ${owner}`);
    else if (seen.has(key)) problems.push(`row: ${quote(word)} is listed twice`);
    seen.add(key);
  }
  return problems;
}

/**
 * Named conditions that would not read one way: a column the worksheet does not have, an op or a
 * value that does not fit the column's type (an order on text, a word compared with a number), and
 * a word that names something else: listed twice, a column's name or label, another column's
 * synonym, a value synonym or a row word. A condition's word may be a synonym of its own column
 * ("late" for the delay): the analyst reads it as the column where the question measures it ("how
 * late", "10 minutes late") and as the condition otherwise.
 */
function conditionProblems(layer: SemanticLayer, columns: readonly WorksheetColumn[]): string[] {
  if (!layer.conditions?.length) return [];
  const problems: string[] = [];
  const byName = new Map(columns.map((column) => [column.name, column]));
  const named = new Map<string, { column: string | null; what: string }>();
  for (const column of columns)
    named.set(phraseOf(column.name), {
      column: null,
      what: `the name of column ${quote(column.name)}`,
    });
  for (const entry of layer.columns) {
    if (entry.label)
      named.set(phraseOf(entry.label), {
        column: null,
        what: `the label of column ${quote(entry.column)}`,
      });
    for (const synonym of entry.synonyms ?? [])
      if (!named.has(phraseOf(synonym)))
        named.set(phraseOf(synonym), {
          column: entry.column,
          what: `a synonym of column ${quote(entry.column)}`,
        });
    for (const { synonyms } of entry.values ?? [])
      for (const synonym of synonyms)
        named.set(phraseOf(synonym), {
          column: null,
          what: `a value synonym of column ${quote(entry.column)}`,
        });
  }
  for (const word of layer.row ? [layer.row.noun, ...(layer.row.synonyms ?? [])] : [])
    named.set(phraseOf(word), { column: null, what: 'a word for the rows' });
  const seen = new Set<string>();
  for (const condition of layer.conditions) {
    const at = `condition ${quote(condition.word)}`;
    const column = byName.get(condition.column);
    if (!column) {
      problems.push(`${at}: the worksheet has no column ${quote(condition.column)}`);
      continue;
    }
    const { type } = column;
    const ordered = condition.op !== 'eq' && condition.op !== 'ne';
    const fits =
      typeof condition.value === 'number'
        ? NUMERIC.has(type)
        : typeof condition.value === 'boolean'
          ? type === 'boolean' && !ordered
          : type === 'string' && !ordered;
    if (!fits)
      problems.push(
        `${at}: ${condition.op} ${quote(String(condition.value))} does not fit a ${type} column`,
      );
    for (const word of [condition.word, ...(condition.synonyms ?? [])]) {
      const key = phraseOf(word);
      const owner = named.get(key);
      if (seen.has(key)) problems.push(`${at}: ${quote(word)} is listed twice`);
      else if (owner && owner.column !== condition.column)
        problems.push(`${at}: ${quote(word)} is already ${owner.what}`);
      seen.add(key);
    }
  }
  return problems;
}

function refuse(problems: string[]): WorkspaceError {
  const shown = problems.slice(0, 10);
  const more =
    problems.length > shown.length ? ` (and ${problems.length - shown.length} more)` : '';
  return new WorkspaceError(
    'invalid_argument',
    `Semantic layer refused: ${shown.join('; ')}${more}`,
  );
}

/** A layer's entries by column name (a column without an entry is absent). */
export function semanticsByColumn(layer: SemanticLayer): Map<string, ColumnSemantics> {
  return new Map(layer.columns.map((entry) => [entry.column, entry]));
}
