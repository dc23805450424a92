import { chartFields, type Answer } from '@ask-analyst/protocol';
import { useMemo } from 'react';
import { Chart, chartShowsEveryRow } from '../chart/chart.js';
import { formatOfColumnType, type ValueStyle } from '../format/format-value.js';
import { AnswerTable } from '../table/answer-table.js';
import { InterpretationView } from './interpretation-view.js';

/** How each column of the answer is written: the chart's formats first, then the column type. */
export function columnStyles(answer: Answer): Map<string, ValueStyle> {
  const styles = new Map<string, ValueStyle>();
  const grainOf = (column: string) =>
    answer.query.plan.dimensions.find((d) => d.label === column)?.grain ?? null;
  for (const column of answer.table.columns) {
    styles.set(column.name, {
      format: formatOfColumnType(column.type),
      grain: grainOf(column.name),
    });
  }
  for (const field of answer.chart ? chartFields(answer.chart) : []) {
    if (field.format !== 'text' || !styles.has(field.column)) {
      styles.set(field.column, { format: field.format, grain: grainOf(field.column) });
    }
  }
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
}

/** A finished answer: summary, chart, table, interpretation, source and (collapsed) query. */
export function AnswerView(props: AnswerViewProps) {
  const { answer, locale, busy = false, onAsk } = props;
  const styles = useMemo(() => columnStyles(answer), [answer]);
  const chart = answer.chart;
  const xStyle: ValueStyle =
    chart?.type === 'bar' || chart?.type === 'line'
      ? (styles.get(chart.x.column) ?? { format: chart.x.format })
      : { format: 'text' };
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
      <Chart answer={answer} xStyle={xStyle} locale={locale} />
      <p className="summary cell-text" data-testid="summary">
        {answer.summary}
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
      </footer>
    </section>
  );
}

function rowsLabel(count: number, locale: string | undefined): string {
  return `${count.toLocaleString(locale)} ${count === 1 ? 'row' : 'rows'}`;
}
