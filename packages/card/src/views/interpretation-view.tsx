import type { Interpretation } from '@ask-analyst/protocol';

const SOURCE_NAMES: Record<string, string> = {
  stated: 'stated',
  defaulted: 'default',
  value_matched: 'matched in the data',
  carried_over: 'from the previous question',
  client: "from the client's plan",
};

/** How the question was understood, and the other readings as questions one click away. */
export function InterpretationView(props: {
  interpretation: Interpretation;
  disabled: boolean;
  onAsk: (question: string) => void;
}) {
  const { interpretation, disabled, onAsk } = props;
  return (
    <section className="interpretation" aria-label="How the question was understood">
      <h3>Understood as</h3>
      <p className="cell-text">{interpretation.restatement}</p>
      {interpretation.slots.length > 0 ? (
        <ul className="slots">
          {interpretation.slots.map((slot, index) => (
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
      {interpretation.unused.length > 0 ? (
        <p className="muted cell-text">Not used: {interpretation.unused.join(', ')}</p>
      ) : null}
      {interpretation.alternatives.length > 0 ? (
        <>
          <h3>Did you mean</h3>
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
