import { join, markup, type Raw, raw, styleHash } from './html.js';

const STYLE = `
:root{color-scheme:light dark;--fg:#1b1f24;--muted:#57606a;--bg:#f6f8fa;--card:#fff;--line:#d0d7de;--accent:#0969da;--warn:#9a6700;--bad:#cf222e}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--card:#161b22;--line:#30363d;--accent:#4493f8;--warn:#d29922;--bad:#f85149}}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;background:var(--bg);color:var(--fg)}
main{max-width:28rem;margin:8vh auto;padding:2rem;background:var(--card);border:1px solid var(--line);border-radius:12px}
h1{font-size:1.4rem;margin:0 0 1rem}p{margin:.5rem 0}.muted{color:var(--muted);font-size:.9rem}
label{display:block;margin:1rem 0 .25rem;font-weight:600}
input[type=email],input[type=password]{width:100%;padding:.6rem;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg);font:inherit}
button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:1px solid var(--line);background:var(--card);color:var(--fg);cursor:pointer}
button.primary{background:var(--accent);border-color:var(--accent);color:#fff}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}.error{color:var(--bad);font-weight:600}
.badge{display:inline-block;font-size:.75rem;font-weight:700;padding:0 .4rem;border-radius:4px;border:1px solid var(--warn);color:var(--warn);margin-left:.4rem;vertical-align:middle}
ul.scopes{list-style:none;padding:0}ul.scopes li{padding:.5rem 0;border-top:1px solid var(--line)}
ul.scopes label{display:flex;gap:.6rem;margin:0;font-weight:400}code{font-size:.85rem;word-break:break-all}
`;

/** Content-Security-Policy of every page here: no script, only this stylesheet, no framing. */
export const PAGE_CSP_DIRECTIVES: Record<string, string[]> = {
  defaultSrc: ["'none'"],
  styleSrc: [styleHash(STYLE)],
  imgSrc: ["'self'", 'data:'],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
};

function layout(title: string, body: Raw, head: Raw = raw('')): string {
  return markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Ask Analyst</title>
<style>${raw(STYLE)}</style>
${head}
</head>
<body><main>${body}</main></body>
</html>`.value;
}

/** The client as the pages name it. */
export interface ClientDisplay {
  name: string;
  id: string;
  /** Registered dynamically or described by a metadata document: its name is the client's own claim. */
  unverified: boolean;
}

function clientLabel(client: ClientDisplay): Raw {
  const badge = client.unverified
    ? markup`<span class="badge" data-testid="unverified">Unverified</span>`
    : raw('');
  return markup`<strong data-testid="client-name">${client.name}</strong>${badge}`;
}

function unverifiedNote(client: ClientDisplay): Raw {
  if (!client.unverified) return raw('');
  return markup`<p class="muted">This application registered itself; Ask Analyst has not verified
its name. Continue only if you started this connection. Client ID: <code>${client.id}</code></p>`;
}

export interface SignInPageInput {
  action: string;
  csrf: string;
  client: ClientDisplay;
  error?: string | undefined;
}

/** Sign-in form; hooks: `input[name=email]`, `input[name=password]`, `[data-testid=sign-in]`. */
export function signInPage(input: SignInPageInput): string {
  const error = input.error
    ? markup`<p class="error" role="alert" data-testid="error">${input.error}</p>`
    : raw('');
  return layout(
    'Sign in',
    markup`<h1>Sign in to Ask Analyst</h1>
<p>to continue to ${clientLabel(input.client)}</p>
${unverifiedNote(input.client)}
${error}
<form method="post" action="${input.action}" autocomplete="on">
<input type="hidden" name="csrf" value="${input.csrf}">
<label for="email">Email</label>
<input id="email" type="email" name="email" autocomplete="username" required autofocus>
<label for="password">Password</label>
<input id="password" type="password" name="password" autocomplete="current-password" required>
<div class="actions"><button class="primary" type="submit" data-testid="sign-in">Sign in</button></div>
</form>`,
  );
}

export interface ConsentScope {
  name: string;
  description: string;
  optional: boolean;
}

export interface ConsentPageInput {
  action: string;
  csrf: string;
  client: ClientDisplay;
  userEmail: string;
  resources: Array<{ name: string; identifier: string }>;
  scopes: ConsentScope[];
}

function scopeItem(scope: ConsentScope): Raw {
  const box = scope.optional
    ? markup`<input type="checkbox" name="scope" value="${scope.name}" checked>`
    : markup`<input type="checkbox" value="${scope.name}" checked disabled><input type="hidden" name="scope" value="${scope.name}">`;
  return markup`<li data-testid="scope"><label>${box}<span><code>${scope.name}</code><br>${scope.description}</span></label></li>`;
}

/** Consent form; hooks: `[data-testid=allow]`, `[data-testid=deny]`, one checkbox per scope. */
export function consentPage(input: ConsentPageInput): string {
  const resources = join(
    input.resources.map(
      (r) => markup`<li data-testid="resource">${r.name} <code>${r.identifier}</code></li>`,
    ),
  );
  return layout(
    'Allow access',
    markup`<h1>Allow access?</h1>
<p>${clientLabel(input.client)} wants to use Ask Analyst as <strong>${input.userEmail}</strong>.</p>
${unverifiedNote(input.client)}
<p>It will get access to:</p>
<ul>${resources}</ul>
<form method="post" action="${input.action}">
<input type="hidden" name="csrf" value="${input.csrf}">
<ul class="scopes">${join(input.scopes.map(scopeItem))}</ul>
<p class="muted">Untick a permission to leave it out. You can change this later.</p>
<div class="actions">
<button class="primary" type="submit" name="decision" value="allow" data-testid="allow">Allow</button>
<button type="submit" name="decision" value="deny" data-testid="deny">Deny</button>
</div>
</form>`,
  );
}

/** Sign-in refused after correct credentials (SPEC section 3); returns to the client on its own. */
export function refusalPage(input: { message: string; returnTo: string }): string {
  return layout(
    'Access refused',
    markup`<h1>Access refused</h1>
<p class="error" role="alert" data-testid="refusal">${input.message}</p>
<p>No access was granted. You will be returned to the application.</p>
<div class="actions"><a href="${input.returnTo}" data-testid="return">Return to the application</a></div>`,
    markup`<meta http-equiv="refresh" content="3;url=${input.returnTo}">`,
  );
}

/** A page that only says something (expired links, errors), and what to do next when known. */
export function messagePage(input: { title: string; message: string; nextStep?: string }): string {
  const next = input.nextStep ? markup`<p data-testid="next-step">${input.nextStep}</p>` : raw('');
  return layout(
    input.title,
    markup`<h1>${input.title}</h1><p data-testid="message">${input.message}</p>${next}`,
  );
}

/**
 * What a user can do about an authorization request the provider refused outright (it cannot
 * send the error back to an application it does not trust): the provider's own description names
 * the problem for the application's developer, this says what the user does.
 */
export function nextStepForProviderError(error: string): string {
  if (error === 'invalid_client')
    return 'This service does not know the application that sent you here (its registration may be from before a reset). Remove the connector in your application and add it again, so it registers afresh.';
  if (error === 'invalid_redirect_uri' || error === 'invalid_request')
    return 'The application sent an incomplete or mismatched sign-in request. Return to it and connect again; if this keeps happening, remove the connector and add it again.';
  return 'Return to your application and connect again.';
}

/**
 * The provider's sign-out confirmation (RP-initiated logout, for the product web app): `form` is
 * oidc-provider's own form with its CSRF field; the button submits it.
 */
export function logoutPage(form: string): string {
  return layout(
    'Sign out',
    markup`<h1>Sign out of Ask Analyst?</h1>${raw(form)}<p><button type="submit" form="op.logoutForm" name="logout" value="yes" data-testid="sign-out-confirm" autofocus>Sign out</button></p>`,
  );
}
