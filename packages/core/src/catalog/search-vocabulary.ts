/**
 * The words of the search index (search-index.ts) with their trigrams, indexed by trigram.
 *
 * A typo (`serammik`) is matched by the words similar to it. Comparing it with every word of the vocabulary
 * cost a Jaccard test per word and query word (tens of thousands at a million products); a word similar
 * enough shares at least one trigram with it, so the candidates come from the postings of its own trigrams,
 * with their shared trigrams counted on the way, and only they are tested.
 *
 * Words get an id on first sight and keep it; a word no product uses any more is marked gone (its postings
 * stay, skipped by the test) and takes its id back when it comes again.
 */

/** pg_trgm's trigrams of one word: padded with two spaces before and one after. */
export function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

export class SearchVocabulary {
  private readonly ids = new Map<string, number>();
  private readonly words: string[] = [];
  /** Number of distinct trigrams of each word. */
  private readonly gramCounts: number[] = [];
  private readonly live: boolean[] = [];
  /** Word ids by trigram, each id once. */
  private readonly postings = new Map<string, number[]>();
  /** Scratch of `similar`: trigrams shared with the query word, per word id (zero between calls). */
  private shared = new Int32Array(0);

  add(word: string) {
    const known = this.ids.get(word);
    if (known !== undefined) {
      this.live[known] = true;
      return;
    }
    const id = this.words.length;
    const grams = trigrams(word);
    this.ids.set(word, id);
    this.words.push(word);
    this.gramCounts.push(grams.size);
    this.live.push(true);
    for (const gram of grams) {
      const list = this.postings.get(gram);
      if (list) list.push(id);
      else this.postings.set(gram, [id]);
    }
  }

  delete(word: string) {
    const id = this.ids.get(word);
    if (id !== undefined) this.live[id] = false;
  }

  /**
   * The words whose trigram similarity to `word` (pg_trgm's: shared trigrams over the union) is at least
   * `min`, with that similarity; `min` must be above zero.
   */
  similar(word: string, min: number): Array<{ word: string; similarity: number }> {
    if (this.shared.length < this.words.length)
      this.shared = new Int32Array(Math.max(this.words.length, this.shared.length * 2));
    const shared = this.shared;
    const grams = trigrams(word);
    const touched: number[] = [];
    for (const gram of grams) {
      const list = this.postings.get(gram);
      if (!list) continue;
      for (const id of list) {
        const n = shared[id]!;
        shared[id] = n + 1;
        if (n === 0) touched.push(id);
      }
    }
    const out: Array<{ word: string; similarity: number }> = [];
    for (const id of touched) {
      const n = shared[id]!;
      shared[id] = 0;
      if (!this.live[id]) continue;
      const similarity = n / (grams.size + this.gramCounts[id]! - n);
      if (similarity >= min) out.push({ word: this.words[id]!, similarity });
    }
    return out;
  }
}
