/** The signed-in user, as `/api/session` answers. */
export interface SessionInfo {
  user: {
    id: string;
    email: string;
    name: string;
    organization: { id: string; name: string };
    /** Whether the user owns their organization (SPEC section 6): `/admin` is theirs. */
    owner: boolean;
  };
  workspaces: Array<{ id: string; name: string; role: 'viewer' | 'analyst' | 'admin' }>;
  csrfToken: string;
}

/** An `/api` failure: its status and the product's error code and message. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

let csrfToken = '';

/** Remembers the session's CSRF token, sent with every state-changing call. */
export function useCsrfToken(token: string): void {
  csrfToken = token;
}

/** Sends the browser to sign in, coming back to the page it is on. */
export function signIn(): void {
  const here = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`/auth/login?returnTo=${encodeURIComponent(here)}`);
}

/** Calls the JSON API; a 401 (signed out, session ended) goes to sign-in. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const method = init.method ?? 'GET';
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'GET' ? {} : { 'x-csrf-token': csrfToken }),
    },
    body: init.body === undefined ? null : JSON.stringify(init.body),
    signal: init.signal ?? null,
  });
  const payload = (await response.json().catch(() => ({}))) as {
    error?: { code?: string; message?: string };
  };
  if (!response.ok) {
    if (response.status === 401 && path !== '/api/session') signIn();
    throw new ApiFailure(
      response.status,
      payload.error?.code ?? 'internal',
      payload.error?.message ?? 'Something went wrong.',
    );
  }
  return payload as T;
}

/** Signs out here and at the authorization server. */
export async function signOut(): Promise<void> {
  const { location } = await api<{ location: string }>('/auth/logout', { method: 'POST' });
  window.location.assign(location);
}
