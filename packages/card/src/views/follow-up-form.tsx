import { useId, useState } from 'react';

/**
 * Asks a follow-up question in the same conversation (host-proxied `continue_analysis`). Not a
 * `<form>`: hosts frame the card with `sandbox="allow-scripts"` only, where form submission is
 * blocked, so Enter in the field and the button both send it from script.
 */
export function FollowUpForm(props: { busy: boolean; onAsk: (question: string) => void }) {
  const [text, setText] = useState('');
  const id = useId();
  const submit = () => {
    const question = text.trim();
    if (!question || props.busy) return;
    props.onAsk(question);
    setText('');
  };
  return (
    <div className="follow-up" role="group" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={id}>
        Ask a follow-up
      </label>
      <div className="follow-up-row">
        <input
          id={id}
          data-testid="follow-up-input"
          type="text"
          value={text}
          maxLength={2000}
          placeholder="e.g. now by month, or only the top 5"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
        />
        <button
          type="button"
          className="primary"
          data-testid="follow-up-submit"
          disabled={props.busy || text.trim() === ''}
          onClick={submit}
        >
          {props.busy ? 'Asking…' : 'Ask'}
        </button>
      </div>
    </div>
  );
}
