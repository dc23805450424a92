import type { Browser } from 'playwright-core';
import type { RedirectReceiver } from '../fixtures/redirect-receiver.js';

export interface SignInOptions {
  email: string;
  password?: string;
  /** Leave out `analyses.write` on the consent page (a read-only connection). */
  readOnly?: boolean;
  /** Press deny instead of allow. */
  deny?: boolean;
}

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
  const page = await context.newPage();
  try {
    const redirected = receiver.next();
    await page.goto(authorizationUrl.href);
    await page.fill('input[name=email]', options.email);
    await page.fill('input[name=password]', options.password ?? 'analyst-demo');
    await page.click('[data-testid=sign-in]');
    const outcome = await Promise.race([
      redirected.then((params) => ({ params })),
      page.waitForSelector('[data-testid=allow]', { timeout: 30_000 }).then(() => ({ params: null })),
    ]);
    if (outcome.params) return outcome.params;
    if (options.readOnly) {
      const box = page.locator('input[type=checkbox][value="analyses.write"]');
      if (await box.isChecked()) await box.uncheck();
    }
    await page.click(options.deny ? '[data-testid=deny]' : '[data-testid=allow]');
    return await redirected;
  } finally {
    await context.close();
  }
}
