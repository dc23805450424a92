import type { Interpretation } from '@ask-analyst/protocol';
import { Prose } from './prose.js';

const SOURCE_NAMES: Record<string, string> = {
  stated: 'stated',
  defaulted: 'assumed',
  value_matched: 'matched in the data',
  carried_over: 'from the previous question',
  client: "from the client's plan",
};

/** Whether the reading left words out or assumed something: the card says so up front. */
export function hasCaution(interpretation: Interpretation): boolean {
  return (
    interpretation.unused.length > 0 ||
    interpretation.slots.some((slot) => slot.source === 'defaulted')
  );
}

/**
 * How the question was understood: the restatement, then anything not used or assumed as a
 * caution (a bordered note, full-size text), then the other readings one click away.
 */
export function InterpretationView(props: {
  interpretation: Interpretation;
  disabled: boolean;
  onAsk: (question: string) => void;
}) {
  const { interpretation, disabled, onAsk } = props;
  const assumed = interpretation.slots.filter((slot) => slot.source === 'defaulted');
  const others = interpretation.slots.filter((slot) => slot.source !== 'defaulted');
  return (
    <section className="interpretation" aria-label="How the question was understood">
      <h2>Understood as</h2>
      <p className="cell-text restatement">
        <Prose text={interpretation.restatement} />
      </p>
      {hasCaution(interpretation) ? (
        <div className="caution" role="note" aria-label="Check the reading" data-testid="caution">
          <span className="caution-mark" aria-hidden="true">
            !
          </span>
          <div>
            {interpretation.unused.length > 0 ? (
              <p>
                Not used from your question:{' '}
                {interpretation.unused.map((word, index) => (
                  <span key={index}>
                    {index > 0 ? ', ' : ''}
                    <q className="cell-text">{word}</q>
                  </span>
                ))}
                . The answer may not reflect {interpretation.unused.length > 1 ? 'them' : 'it'}.
              </p>
            ) : null}
            {assumed.map((slot, index) => (
              <p key={index}>
                Assumed {slot.slot}: <span className="cell-text">{slot.text}</span>
              </p>
            ))}
          </div>
        </div>
      ) : null}
      {others.length > 0 ? (
        <ul className="slots">
          {others.map((slot, index) => (
            <li key={index}>
              <span className="slot-kind">{slot.slot}</span>{' '}
              <span className="cell-text">{slot.text}</span>{' '}
              <span className={`slot-source source-${slot.source}`}>
                ({SOURCE_NAMES[slot.source] ?? slot.source})
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {interpretation.alternatives.length > 0 ? (
        <>
          <h2>Did you mean</h2>
          <ul className="alternatives">
            {interpretation.alternatives.map((alternative, index) => (
              <li key={index}>
                <button
                  type="button"
                  className="link-button"
                  disabled={disabled}
                  onClick={() => onAsk(alternative.question)}
                >
                  <span className="cell-text">{alternative.question}</span>
                </button>
                <span className="muted cell-text"> {alternative.reason}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
