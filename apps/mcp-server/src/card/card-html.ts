import type { CardAssets } from './card-assets.js';

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The small HTML of `ui://ask-analyst/card.html`: every script and stylesheet from the CDN origin,
 * each with its integrity value and `crossorigin` (SRI on a cross-origin load needs CORS; the CDN
 * answers `Access-Control-Allow-Origin: *`). The host's sandboxed frame has an opaque origin.
 */
export function renderCardHtml(assets: CardAssets, cdnUrl: string): string {
  const url = (path: string) => attribute(`${cdnUrl}/${path}`);
  const lines = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Ask Analyst</title>',
    ...assets.styles.map(
      (style) =>
        `<link rel="stylesheet" href="${url(style.path)}" integrity="${style.integrity}" crossorigin="anonymous">`,
    ),
    ...assets.preloads.map(
      (chunk) =>
        `<link rel="modulepreload" href="${url(chunk.path)}" integrity="${chunk.integrity}" crossorigin="anonymous">`,
    ),
    `<script type="module" src="${url(assets.script.path)}" integrity="${assets.script.integrity}" crossorigin="anonymous"></script>`,
    '</head>',
    '<body>',
    '<div id="root"></div>',
    '</body>',
    '</html>',
    '',
  ];
  return lines.join('\n');
}
