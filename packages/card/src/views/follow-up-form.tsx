import { useId, useState, type FormEvent } from 'react';

/** Asks a follow-up question in the same conversation (host-proxied `continue_analysis`). */
export function FollowUpForm(props: { busy: boolean; onAsk: (question: string) => void }) {
  const [text, setText] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const question = text.trim();
    if (!question || props.busy) return;
    props.onAsk(question);
    setText('');
  };
  return (
    <form className="follow-up" onSubmit={submit}>
      <label htmlFor={id}>Ask a follow-up</label>
      <div className="follow-up-row">
        <input
          id={id}
          data-testid="follow-up-input"
          type="text"
          value={text}
          maxLength={2000}
          placeholder="e.g. now by month, only for SFO"
          onChange={(event) => setText(event.target.value)}
        />
        <button
          type="submit"
          data-testid="follow-up-submit"
          disabled={props.busy || text.trim() === ''}
        >
          {props.busy ? 'Asking…' : 'Ask'}
        </button>
      </div>
    </form>
  );
}
