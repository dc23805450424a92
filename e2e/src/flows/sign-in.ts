import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RedirectReceiver } from '../fixtures/redirect-receiver.js';

export interface SignInOptions {
  email: string;
  password?: string;
  /** Leave out `analyses.write` on the consent page (a read-only connection). */
  readOnly?: boolean;
  /** Press deny instead of allow. */
  deny?: boolean;
  /**
   * Called with the page at each step the user sees (`sign-in`, `consent`, `refused`), e.g. to
   * save a screenshot or read what the page says.
   */
  onPage?: (step: SignInStep, page: Page) => Promise<void>;
  /** Called with the fresh browser context before the first page opens (e.g. to watch responses). */
  onContext?: (context: BrowserContext) => void;
}

export type SignInStep = 'sign-in' | 'consent' | 'refused';

/**
 * Opens the authorization URL in Chromium, signs in on the real sign-in page and answers the real
 * consent page (when shown); resolves with the query of the redirect the loopback receiver got.
 */
export async function signInInBrowser(
  browser: Browser,
  authorizationUrl: URL,
  receiver: RedirectReceiver,
  options: SignInOptions,
): Promise<URLSearchParams> {
  const context = await browser.newContext();
  options.onContext?.(context);
  const page = await context.newPage();
  try {
    return await answerSignInPages(page, authorizationUrl, receiver.next(), options);
  } finally {
    await context.close();
  }
}

/**
 * The same browser sign-in for a client whose own loopback listener receives the redirect (a
 * third-party client such as `mcp-remote` or the Inspector): done when the browser reaches the
 * `redirect_uri` the authorization URL names. Resolves with that URL and the text the client's
 * page showed there.
 */
export async function signInForExternalClient(
  browser: Browser,
  authorizationUrl: URL,
  options: SignInOptions,
): Promise<{ callback: URL; pageText: string }> {
  const redirectUri = authorizationUrl.searchParams.get('redirect_uri');
  if (!redirectUri) throw new Error(`no redirect_uri in ${authorizationUrl.href}`);
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const reached = page
      .waitForURL((url) => url.href.startsWith(redirectUri), { timeout: 60_000 })
      .then(() => new URL(page.url()));
    const callback = await answerSignInPages(page, authorizationUrl, reached, options);
    await page.waitForLoadState('load');
    return { callback, pageText: await page.locator('body').innerText() };
  } finally {
    await context.close();
  }
}

async function answerSignInPages<T>(
  page: Page,
  authorizationUrl: URL,
  redirected: Promise<T>,
  options: SignInOptions,
): Promise<T> {
  await page.goto(authorizationUrl.href);
  await page.fill('input[name=email]', options.email);
  await page.fill('input[name=password]', options.password ?? 'analyst-demo');
  await options.onPage?.('sign-in', page);
  await page.click('[data-testid=sign-in]');
  const outcome = await Promise.race([
    redirected.then((arrived) => ({ step: 'redirected' as const, arrived })),
    page
      .waitForSelector('[data-testid=allow]', { timeout: 30_000 })
      .then(() => ({ step: 'consent' as const })),
    page
      .waitForSelector('[data-testid=return]', { timeout: 30_000 })
      .then(() => ({ step: 'refused' as const })),
  ]);
  if (outcome.step === 'redirected') return outcome.arrived;
  if (outcome.step === 'refused') {
    await options.onPage?.('refused', page);
    // The refusal page sends the browser back to the client by itself after a few seconds.
    return redirected;
  }
  if (options.readOnly) {
    const box = page.locator('input[type=checkbox][value="analyses.write"]');
    if (await box.isChecked()) await box.uncheck();
  }
  await options.onPage?.('consent', page);
  await page.click(options.deny ? '[data-testid=deny]' : '[data-testid=allow]');
  return redirected;
}
