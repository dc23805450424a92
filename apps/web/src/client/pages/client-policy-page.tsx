import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiFailure } from '../api.js';
import { NotFoundPage } from './not-found-page.js';

type Mode = 'any' | 'pre_registered' | 'allow_list';

interface PolicyAnswer {
  organization: { id: string; name: string };
  policy: { mode: Mode; allowedClientIds: string[]; updatedAt: string | null };
}

const MODES: Array<{ mode: Mode; label: string; hint: string }> = [
  { mode: 'any', label: 'Any app', hint: 'Every MCP client may connect, once a member consents.' },
  {
    mode: 'pre_registered',
    label: 'Pre-registered apps only',
    hint: 'Only apps registered with Ask Analyst in advance; self-registered apps are refused.',
  },
  {
    mode: 'allow_list',
    label: 'Only the apps on a list',
    hint: 'Only the client ids listed below, one per line.',
  },
];

/**
 * `/admin/clients` (SPEC section 9, owners only): which clients the organization's members may
 * connect. Tightening it disconnects the apps no longer allowed, for every member.
 */
export function ClientPolicyPage() {
  const [answer, setAnswer] = useState<PolicyAnswer | null>(null);
  const [notFound, setNotFound] = useState(false);
  const [mode, setMode] = useState<Mode>('any');
  const [list, setList] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    document.title = 'Client policy · Ask Analyst';
    api<PolicyAnswer>('/api/admin/client-policy').then(
      (loaded) => {
        setAnswer(loaded);
        setMode(loaded.policy.mode);
        setList(loaded.policy.allowedClientIds.join('\n'));
      },
      (failure: unknown) => {
        if (failure instanceof ApiFailure && failure.status === 404) setNotFound(true);
        else setError((failure as Error).message);
      },
    );
  }, []);

  if (notFound) return <NotFoundPage />;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const allowedClientIds = list
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      const saved = await api<{ policy: PolicyAnswer['policy']; revokedGrants: number }>(
        '/api/admin/client-policy',
        { method: 'PUT', body: { mode, allowedClientIds } },
      );
      setAnswer((current) => current && { ...current, policy: saved.policy });
      setStatus(
        `Saved. ${saved.revokedGrants} connection${saved.revokedGrants === 1 ? '' : 's'} of apps no longer allowed ${saved.revokedGrants === 1 ? 'was' : 'were'} ended.`,
      );
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section>
      <h1>Client policy</h1>
      {answer && (
        <p>
          Which apps members of <strong>{answer.organization.name}</strong> may connect to Ask
          Analyst. The web app is always allowed.
        </p>
      )}
      {!answer && !error && <p aria-busy="true">Loading…</p>}
      {error && <p role="alert">{error}</p>}
      {answer && (
        <form onSubmit={(event) => void save(event)} data-testid="client-policy">
          <fieldset>
            <legend>Apps that may connect</legend>
            {MODES.map((option) => (
              <div key={option.mode} className="choice">
                <input
                  type="radio"
                  id={`mode-${option.mode}`}
                  name="mode"
                  value={option.mode}
                  checked={mode === option.mode}
                  onChange={() => setMode(option.mode)}
                  aria-describedby={`mode-${option.mode}-hint`}
                />
                <label htmlFor={`mode-${option.mode}`}>{option.label}</label>
                <p className="meta" id={`mode-${option.mode}-hint`}>
                  {option.hint}
                </p>
              </div>
            ))}
          </fieldset>
          <label htmlFor="allowed-clients">Allowed client ids (one per line)</label>
          <textarea
            id="allowed-clients"
            rows={4}
            value={list}
            disabled={mode !== 'allow_list'}
            onChange={(event) => setList(event.target.value)}
          />
          <p>Tightening the policy disconnects the apps it no longer allows, for every member.</p>
          <button type="submit" disabled={saving} data-testid="save-client-policy">
            Save policy
          </button>
          <p role="status" data-testid="client-policy-status">
            {status}
          </p>
        </form>
      )}
    </section>
  );
}
