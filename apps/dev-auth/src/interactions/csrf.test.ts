import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { csrfToken, verifyCsrfToken } from './csrf.js';
import { escapeHtml, markup } from './html.js';

describe('CSRF tokens', () => {
  const secret = randomBytes(32);
  const binding = { uid: 'uid-1', cid: 'cid-1', form: 'login' as const };

  it('verify only for the interaction and form they were made for', () => {
    const token = csrfToken(secret, binding);
    expect(verifyCsrfToken(secret, binding, token)).toBe(true);
    expect(verifyCsrfToken(secret, { ...binding, uid: 'uid-2' }, token)).toBe(false);
    expect(verifyCsrfToken(secret, { ...binding, cid: 'cid-2' }, token)).toBe(false);
    expect(verifyCsrfToken(secret, { ...binding, form: 'consent' }, token)).toBe(false);
    expect(verifyCsrfToken(randomBytes(32), binding, token)).toBe(false);
    expect(verifyCsrfToken(secret, binding, undefined)).toBe(false);
    expect(verifyCsrfToken(secret, binding, ['x'])).toBe(false);
    expect(verifyCsrfToken(secret, binding, `${token}x`)).toBe(false);
  });
});

describe('HTML escaping', () => {
  it('escapes interpolated text and attributes', () => {
    expect(escapeHtml(`<script>alert("x")</script>&'\``)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;&#96;',
    );
    expect(markup`<p title="${'"><img src=x>'}">${'<b>'}</p>`.value).toBe(
      '<p title="&quot;&gt;&lt;img src=x&gt;">&lt;b&gt;</p>',
    );
  });
});
