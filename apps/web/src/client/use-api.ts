import { useEffect, useState } from 'react';
import { api, ApiFailure } from './api.js';

/** Loads `path` (again when it changes): the data, a not-found, or an error message. */
export function useApi<T>(path: string | null) {
  const [state, setState] = useState<
    | { kind: 'loading' }
    | { kind: 'ready'; data: T }
    | { kind: 'not-found' }
    | { kind: 'error'; message: string }
  >({ kind: 'loading' });
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setState({ kind: 'loading' });
    api<T>(path, { signal: controller.signal }).then(
      (data) => setState({ kind: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiFailure && error.status === 404) setState({ kind: 'not-found' });
        else setState({ kind: 'error', message: (error as Error).message });
      },
    );
    return () => controller.abort();
  }, [path]);
  return state;
}
