import { chartFields, type Answer, type ChartField, type ValueFormat } from '@ask-analyst/protocol';
import { useMemo } from 'react';
import { Chart, chartShowsEveryRow } from '../chart/chart.js';
import { columnDecimals, formatOfColumnType, type ValueStyle } from '../format/format-value.js';
import { AnswerTable } from '../table/answer-table.js';
import { InterpretationView } from './interpretation-view.js';
import { OtherWorksheets, type AskWorksheet } from './other-worksheets.js';
import { Prose } from './prose.js';

/**
 * How each column of the answer is written: the column's own format and decimals (the
 * worksheet's semantic layer) first, then the chart's format, then the column type; a column
 * without decimals gets one precision for all its values.
 */
export function columnStyles(answer: Answer): Map<string, ValueStyle> {
  const styles = new Map<string, ValueStyle>();
  const grainOf = (column: string) =>
    answer.query.plan.dimensions.find((d) => d.label === column)?.grain ?? null;
  const fieldFormats = new Map<string, ValueFormat>();
  // A kind added after this card may have other fields: only the ones it knows are read.
  const fields: Array<ChartField | undefined> = answer.chart ? chartFields(answer.chart) : [];
  for (const field of fields) {
    if (field?.format && field.format !== 'text') fieldFormats.set(field.column, field.format);
  }
  answer.table.columns.forEach((column, index) => {
    const format =
      column.format ?? fieldFormats.get(column.name) ?? formatOfColumnType(column.type);
    const values = answer.table.rows
      .map((row) => row[index])
      .filter((value): value is number => typeof value === 'number');
    styles.set(column.name, {
      format,
      grain: grainOf(column.name),
      decimals: column.decimals ?? columnDecimals(values, format),
      currency: column.unit && /^[A-Z]{3}$/.test(column.unit) ? column.unit : undefined,
    });
  });
  return styles;
}

export interface AnswerViewProps {
  /** A succeeded turn's answer (SPEC section 4). */
  answer: Answer;
  /** Asks a question as a follow-up in the same conversation (the alternatives call it). */
  onAsk: (question: string) => void;
  /** A request is on its way: the buttons that ask are disabled. */
  busy?: boolean;
  /** BCP 47 locale for numbers and dates; the browser's when absent. */
  locale?: string | undefined;
  /** Offers the question to another worksheet of the workbook (a new conversation). */
  askWorksheet?: AskWorksheet | undefined;
  /**
   * When the answer was computed (ISO 8601, the turn's `finishedAt`): the last period of a time
   * series not over by then is marked partial. Now when absent.
   */
  asOf?: string | null | undefined;
}

/** A finished answer: summary, chart, table, interpretation, source and (collapsed) query. */
export function AnswerView(props: AnswerViewProps) {
  const { answer, locale, busy = false, onAsk, askWorksheet, asOf } = props;
  const asOfTime = asOf ? Date.parse(asOf) : Number.NaN;
  const styles = useMemo(() => columnStyles(answer), [answer]);
  const chart = answer.chart;
  const collapsed = chartShowsEveryRow(answer);
  const table = (
    <AnswerTable
      table={answer.table}
      styles={styles}
      locale={locale}
      caption={chart?.title ?? 'Result'}
    />
  );
  // Answer first (the chart or headline number, and the summary), then what was understood, then
  // the rows (collapsed when the chart already shows every one), then where it came from.
  return (
    <section className="aa answer" aria-label="Answer">
      <Chart
        answer={answer}
        styles={styles}
        locale={locale}
        asOf={Number.isFinite(asOfTime) ? asOfTime : undefined}
      />
      <p className="summary cell-text" data-testid="summary">
        <Prose text={answer.summary} />
      </p>
      <InterpretationView interpretation={answer.interpretation} disabled={busy} onAsk={onAsk} />
      {collapsed ? (
        <details className="table-details">
          <summary>
            Table <span className="muted">· {rowsLabel(answer.table.rows.length, locale)}</span>
          </summary>
          {table}
        </details>
      ) : (
        table
      )}
      <footer className="provenance">
        <p className="source">
          Source: <span className="cell-text">{answer.source.worksheetName}</span>
        </p>
        <details className="query">
          <summary>Query</summary>
          <pre className="sql">{answer.query.sql}</pre>
          {answer.query.parameters.length > 0 ? (
            <ol className="parameters" aria-label="Parameters">
              {answer.query.parameters.map((value, index) => (
                <li key={index}>
                  <code>${index + 1}</code> ={' '}
                  <code className="cell-text">{JSON.stringify(value)}</code>
                </li>
              ))}
            </ol>
          ) : null}
        </details>
        {askWorksheet ? (
          <OtherWorksheets
            choice={{ ...askWorksheet, current: answer.source.worksheetId }}
            disabled={busy}
          />
        ) : null}
      </footer>
    </section>
  );
}

function rowsLabel(count: number, locale: string | undefined): string {
  return `${count.toLocaleString(locale)} ${count === 1 ? 'row' : 'rows'}`;
}
