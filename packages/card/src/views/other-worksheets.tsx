import { useState } from 'react';

/** A worksheet the question can be asked of instead. */
export interface WorksheetChoice {
  id: string;
  name: string;
}

/** Asking the same question of another worksheet of the workbook (a new conversation). */
export interface AskWorksheet {
  /** The worksheets to offer (fetched when the user opens the list). */
  list: () => Promise<WorksheetChoice[]>;
  /** Starts the question on that worksheet. */
  ask: (worksheetId: string) => void;
  /** The worksheet the question was asked of, left out of the list. */
  current?: string | null | undefined;
}

/**
 * "Ask another worksheet": a disclosure that lists the workbook's other worksheets when opened,
 * each a button that asks the question there.
 */
export function OtherWorksheets(props: { choice: AskWorksheet; disabled: boolean }) {
  const { choice, disabled } = props;
  const [state, setState] = useState<'idle' | 'loading' | WorksheetChoice[] | Error>('idle');
  const load = () => {
    if (state !== 'idle') return;
    setState('loading');
    choice.list().then(
      (found) => setState(found.filter((sheet) => sheet.id !== choice.current)),
      (error: unknown) => setState(error instanceof Error ? error : new Error(String(error))),
    );
  };
  return (
    <details
      className="other-worksheets"
      onToggle={(event) => {
        if (event.currentTarget.open) load();
      }}
    >
      <summary>Ask another worksheet</summary>
      {state === 'idle' || state === 'loading' ? (
        <p className="muted">Finding the workbook's worksheets…</p>
      ) : state instanceof Error ? (
        <p className="muted">The worksheets could not be listed: {state.message}</p>
      ) : state.length === 0 ? (
        <p className="muted">The workbook has no other worksheet you can read.</p>
      ) : (
        <ul className="choices" aria-label="Other worksheets">
          {state.map((sheet) => (
            <li key={sheet.id}>
              <button type="button" disabled={disabled} onClick={() => choice.ask(sheet.id)}>
                <span className="cell-text">{sheet.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
