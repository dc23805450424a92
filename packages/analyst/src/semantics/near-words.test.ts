import { describe, expect, it } from 'vitest';
import { seededRandom } from '../test-support/reading-corpus.js';
import { NearWords } from './near-words.js';
import { editDistance } from './values.js';

/** Every string within the budget, by comparing the word with each: what the trie must find. */
function byScan(strings: readonly string[], word: string, budget: number) {
  const found = new Map<number, number>();
  strings.forEach((text, index) => {
    if ([...found.keys()].some((i) => strings[i] === text)) return;
    const distance = editDistance(word, text, budget);
    if (distance > 0 && distance <= budget) found.set(index, distance);
  });
  return [...found].map(([index, distance]) => ({ index, distance }));
}

const byIndex = (list: Array<{ index: number; distance: number }>) =>
  [...list].sort((a, b) => a.index - b.index);

describe('NearWords', () => {
  it('finds what comparing with every string finds, with the same distances', () => {
    const random = seededRandom(7);
    // A small alphabet (with a letter outside the BMP and an accented one) makes near strings common.
    const alphabet = ['a', 'b', 'c', 'd', ' ', 'é', '😀'];
    const text = (length: number) =>
      Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    const strings = Array.from({ length: 400 }, () => text(1 + Math.floor(random() * 9)));
    const near = new NearWords(strings);
    for (let i = 0; i < 400; i += 1) {
      const word = i % 5 === 0 ? strings[i]! : text(1 + Math.floor(random() * 10));
      for (const budget of [1, 2]) {
        expect(byIndex(near.within(word, budget)), `${word} within ${budget}`).toEqual(
          byIndex(byScan(strings, word, budget)),
        );
      }
    }
  });

  it('finds nothing for a word longer than every string by more than the budget', () => {
    const near = new NearWords(['seattle', 'portland']);
    expect(near.within('x'.repeat(2000), 2)).toEqual([]);
    expect(near.within('seatle', 1)).toEqual([{ index: 0, distance: 1 }]);
    expect(near.within('seattle', 2)).toEqual([]);
  });
});
