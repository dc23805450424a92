import { useEffect, useState } from 'react';
import { api, ApiFailure } from './api.js';

/**
 * Loads `path` (again when it changes): the data, a not-found, or an error message. A new
 * `version` of the same path loads it again while the page keeps showing what it has, so a
 * page that reloads after an action does not blink to a loading state.
 */
export function useApi<T>(path: string | null, version = 0) {
  const [state, setState] = useState<
    | { kind: 'loading' }
    | { kind: 'ready'; data: T; path: string }
    | { kind: 'not-found' }
    | { kind: 'error'; message: string }
  >({ kind: 'loading' });
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setState((previous) =>
      previous.kind === 'ready' && previous.path === path ? previous : { kind: 'loading' },
    );
    api<T>(path, { signal: controller.signal }).then(
      (data) => setState({ kind: 'ready', data, path }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiFailure && error.status === 404) setState({ kind: 'not-found' });
        else setState({ kind: 'error', message: (error as Error).message });
      },
    );
    return () => controller.abort();
  }, [path, version]);
  return state;
}
