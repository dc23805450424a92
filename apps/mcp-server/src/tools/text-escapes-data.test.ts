import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importWorksheet } from '@ask-analyst/workspace';
import type { CallToolResult } from '@modelcontextprotocol/server';
import MarkdownIt from 'markdown-it';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp } from '../test-support/demo-world.js';
import { callTool } from '../test-support/mcp-call.js';

/** Values a worksheet's owner could type, each of which markdown would otherwise act on. */
const HOSTILE = {
  html: '<img src=x onerror=alert(1)>',
  link: '[click me](https://evil.test/steal)',
  code: '`rm -rf /` and ``two``',
  pipe: 'a | b \\| c',
  emphasis: '**loud** _quiet_ ~~gone~~',
  heading: '# Heading',
};

/**
 * SPEC 4 `content` text is markdown a host renders; worksheet data in it (names, descriptions,
 * cell values, answers) must show as text. A host that renders markdown with raw HTML allowed
 * (markdown-it, CommonMark + GFM tables, `html: true`) must draw none of it as an image, a link,
 * a heading or formatting, and must show each value as it is.
 */
describe('tool text shows hostile worksheet values as text', () => {
  let demo: DemoApp;
  let token: string;
  let folder: string;
  let workbookId: string;
  let worksheetId: string;
  const md = new MarkdownIt({ html: true, linkify: false });

  beforeAll(async () => {
    demo = await createDemoApp();
    token = await demo.tokenFor('alan');
    folder = await mkdtemp(join(tmpdir(), 'hostile-'));
    const file = join(folder, 'hostile.json');
    await writeFile(
      file,
      JSON.stringify(Object.values(HOSTILE).map((label, i) => ({ Label: label, Score: i + 1 }))),
    );
    const imported = await importWorksheet(demo.db, demo.engine, {
      actor: { userId: demo.users.alan.id },
      workspaceName: 'Research',
      workbookName: `Hostile ${HOSTILE.html} ${HOSTILE.link}`,
      workbookDescription: `${HOSTILE.heading} ${HOSTILE.emphasis}`,
      worksheetName: `Sheet ${HOSTILE.code} ${HOSTILE.pipe}`,
      filePath: file,
    });
    workbookId = imported.workbook.id;
    worksheetId = imported.worksheet.id;
  });
  afterAll(async () => {
    await demo?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  const textOf = (result: CallToolResult) => {
    const [first] = result.content ?? [];
    if (first?.type !== 'text') throw new Error('no text content');
    return first.text;
  };

  /** The rendered HTML and the text a reader sees in it. */
  const render = (markdown: string) => {
    const html = md.render(markdown);
    const seen = html
      .replace(/<[^>]*>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    return { html, seen };
  };

  const expectInert = (markdown: string, shown: string[]) => {
    const { html, seen } = render(markdown);
    expect(html, markdown).not.toMatch(/<(img|a|h[1-6]|em|del|script)\b/);
    for (const value of shown) expect(seen, markdown).toContain(value);
  };

  it('list_workbooks and get_workbook: names and descriptions', async () => {
    const listed = await callTool(demo.app, token, 'list_workbooks', { query: 'Hostile' });
    expectInert(textOf(listed), [HOSTILE.html]);
    const workbook = await callTool(demo.app, token, 'get_workbook', { workbookId });
    expectInert(textOf(workbook), [HOSTILE.html, HOSTILE.heading, HOSTILE.emphasis]);
  });

  it('get_worksheet and read_worksheet: names, top values and cells', async () => {
    const profile = await callTool(demo.app, token, 'get_worksheet', { worksheetId });
    expectInert(textOf(profile), [HOSTILE.html]);
    const read = await callTool(demo.app, token, 'read_worksheet', { worksheetId });
    expectInert(textOf(read), Object.values(HOSTILE));
  });

  it('start_analysis: the question, the answer table and list_analyses titles', async () => {
    const question = `Total Score by Label ${HOSTILE.html}`;
    const started = await callTool(demo.app, token, 'start_analysis', { question, worksheetId });
    expectInert(textOf(started), [HOSTILE.html]);
    const answered = await callTool(demo.app, token, 'start_analysis', {
      question: 'Total Score by Label',
      worksheetId,
    });
    expectInert(textOf(answered), Object.values(HOSTILE));
    const history = await callTool(demo.app, token, 'list_analyses', {});
    expectInert(textOf(history), [question]);
  });
});
