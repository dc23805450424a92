import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';

/** One built file of the card, with its Subresource Integrity value (`sha384-…`). */
export interface CardAsset {
  /** Path relative to the CDN origin, e.g. `assets/index-C5pTTELt.js`. */
  path: string;
  integrity: string;
}

/** The files the card's HTML loads: its entry script, the chunks it imports, its stylesheets. */
export interface CardAssets {
  script: CardAsset;
  preloads: CardAsset[];
  styles: CardAsset[];
}

/** Why the card's build could not be read; the server refuses to start with this message. */
export type CardAssetsErrorCode = 'card_not_built' | 'card_manifest_invalid' | 'card_asset_missing';

export class CardAssetsError extends Error {
  override readonly name = 'CardAssetsError';
  constructor(
    readonly code: CardAssetsErrorCode,
    message: string,
  ) {
    super(message);
  }
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** SRI value of a file's bytes (W3C Subresource Integrity, sha384). */
export function integrityOf(bytes: Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

function isManifest(value: unknown): value is Record<string, ManifestChunk> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every(
      (chunk) =>
        typeof chunk === 'object' &&
        chunk !== null &&
        typeof (chunk as ManifestChunk).file === 'string',
    )
  );
}

/**
 * Reads Vite's build manifest (`.vite/manifest.json`) in the card's build folder and hashes each
 * file the card loads, so the HTML names exactly the files of this build and the browser refuses
 * any other bytes (SPEC section 5). Nothing is hard-coded: a new build gives new names and hashes.
 */
export async function loadCardAssets(distDir: string): Promise<CardAssets> {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  let text: string;
  try {
    text = await readFile(manifestPath, 'utf8');
  } catch {
    throw new CardAssetsError(
      'card_not_built',
      `The card is not built: ${manifestPath} is missing. Run \`pnpm --filter @ask-analyst/card build\`.`,
    );
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    throw new CardAssetsError('card_manifest_invalid', `${manifestPath} is not JSON.`);
  }
  if (!isManifest(manifest)) {
    throw new CardAssetsError('card_manifest_invalid', `${manifestPath} is not a Vite manifest.`);
  }
  const entry = manifest['index.html'] ?? Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry?.file.endsWith('.js')) {
    throw new CardAssetsError('card_manifest_invalid', `${manifestPath} names no entry script.`);
  }

  const root = normalize(distDir + sep);
  const asset = async (path: string): Promise<CardAsset> => {
    const file = normalize(join(root, path));
    if (!file.startsWith(root)) {
      throw new CardAssetsError('card_manifest_invalid', `${path} lies outside ${distDir}.`);
    }
    try {
      return { path, integrity: integrityOf(await readFile(file)) };
    } catch {
      throw new CardAssetsError(
        'card_asset_missing',
        `${file}, named by the manifest, is missing.`,
      );
    }
  };

  const imported = new Set<string>();
  const visit = (chunk: ManifestChunk) => {
    for (const key of chunk.imports ?? []) {
      const next = manifest[key];
      if (next && !imported.has(next.file)) {
        imported.add(next.file);
        visit(next);
      }
    }
  };
  visit(entry);
  // Vite lists the entry's CSS on the entry, or (without CSS code splitting) as its own item.
  const css = new Set<string>(entry.css ?? []);
  for (const chunk of Object.values(manifest)) {
    if (chunk.file.endsWith('.css')) css.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  return {
    script: await asset(entry.file),
    preloads: await Promise.all([...imported].map(asset)),
    styles: await Promise.all([...css].map(asset)),
  };
}
