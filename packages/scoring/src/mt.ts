/**
 * Translation metrics as sacreBLEU 2.x computes them: BLEU (13a tokenizer, mixed case,
 * exponential smoothing, one reference) and chrF / chrF++ (6 character n-gram orders, 0 or 2
 * word n-gram orders, β = 2, white space ignored). Both are functions of per-sentence sufficient
 * statistics summed over the corpus, so a corpus score, a per-tag score and a bootstrap replicate
 * all come from the same sentence statistics.
 */

/** Python's str.isspace() for one UTF-16 code unit (every such character is in the BMP). */
function isPySpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f);
  if (c < 0x85) return false;
  return (
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Python's `s.split()`: runs of white space separate words; no empty words. */
export function pySplit(s: string): string[] {
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i < s.length; i++) {
    if (isPySpace(s.charCodeAt(i))) {
      if (start >= 0) words.push(s.slice(start, i));
      start = -1;
    } else if (start < 0) {
      start = i;
    }
  }
  if (start >= 0) words.push(s.slice(start));
  return words;
}

const RE_13A: Array<[RegExp, string]> = [
  // Symbols and punctuation other than . , and - become tokens.
  [/([{-~[-` -&(-+:-@/])/g, ' $1 '],
  // Period and comma, unless preceded by a digit.
  [/([^0-9])([.,])/g, '$1 $2 '],
  // Period and comma, unless followed by a digit.
  [/([.,])([^0-9])/g, ' $1 $2'],
  // A dash preceded by a digit.
  [/([0-9])(-)/g, '$1 $2 '],
];

/** sacreBLEU's `13a` tokenizer (mteval-v13a), the default for BLEU. */
export function tokenize13a(input: string): string {
  let line = input.replaceAll('<skipped>', '').replaceAll('-\n', '').replaceAll('\n', ' ');
  if (line.includes('&')) {
    line = line
      .replaceAll('&quot;', '"')
      .replaceAll('&amp;', '&')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>');
  }
  line = ` ${line} `;
  for (const [re, replacement] of RE_13A) line = line.replace(re, replacement);
  return pySplit(line).join(' ');
}

export const BLEU_ORDER = 4;
/** Per sentence: hypothesis length, reference length, then matches and totals per order. */
export const BLEU_DIMS = 2 + 2 * BLEU_ORDER;

// An open-addressing table of integer n-gram keys → counts, reused by every call. A slot belongs
// to the current count only if its stamp is the current generation, so it never needs clearing.
let tableKeys = new Float64Array(1024);
let tableCounts = new Int32Array(1024);
let tableStamps = new Int32Array(1024);
let generation = 0;

function nextGeneration(entries: number): number {
  let size = tableKeys.length;
  while (size < 2 * entries) size *= 2;
  if (size !== tableKeys.length) {
    tableKeys = new Float64Array(size);
    tableCounts = new Int32Array(size);
    tableStamps = new Int32Array(size);
    generation = 0;
  }
  if (generation >= 0x3fffffff) {
    tableStamps.fill(0);
    generation = 0;
  }
  return ++generation;
}

/** The slot of an integer key (< 2^53) in the table: its own, or the empty one it would take. */
function slotOf(key: number, gen: number): number {
  const mask = tableKeys.length - 1;
  let h = Math.imul((key >>> 0) ^ Math.imul((key / 4294967296) >>> 0, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 15;
  let slot = h & mask;
  while (tableStamps[slot] === gen && tableKeys[slot] !== key) slot = (slot + 1) & mask;
  return slot;
}

/**
 * Clipped n-gram matches between a hypothesis and a reference, both sequences of symbols (words
 * or characters): for each order n in 1..maxOrder, Σ over n-grams of min(hypothesis count,
 * reference count), written to `matches[n - 1]`.
 *
 * Symbols are numbered 1..A for the pair and an n-gram becomes the exact integer
 * Σ id·(A+1)^k, counted in a reused hash table: no strings are built and no maps are filled,
 * several times faster than counting with string keys. When (A+1)^maxOrder would pass 2^53 (a
 * pair with hundreds of distinct symbols), the keys are strings instead.
 */
export function clippedMatches<T>(
  hyp: readonly T[],
  ref: readonly T[],
  maxOrder: number,
  matches: number[] = new Array<number>(maxOrder).fill(0),
): number[] {
  const ids = new Map<T, number>();
  const number = (seq: readonly T[]) => {
    const out = new Float64Array(seq.length);
    for (let i = 0; i < seq.length; i++) {
      let id = ids.get(seq[i]!);
      if (id === undefined) ids.set(seq[i]!, (id = ids.size + 1));
      out[i] = id;
    }
    return out;
  };
  const h = number(hyp);
  const r = number(ref);
  const base = ids.size + 1;
  if (base ** maxOrder > Number.MAX_SAFE_INTEGER) return clippedMatchesByString(hyp, ref, maxOrder);
  // hk[i] / rk[i]: the key of the n-gram starting at i, grown one order at a time.
  const hk = h.slice();
  const rk = r.slice();
  for (let n = 1; n <= maxOrder; n++) {
    const hLen = Math.max(0, h.length - n + 1);
    const rLen = Math.max(0, r.length - n + 1);
    if (n > 1) {
      for (let i = 0; i < hLen; i++) hk[i] = hk[i]! * base + h[i + n - 1]!;
      for (let i = 0; i < rLen; i++) rk[i] = rk[i]! * base + r[i + n - 1]!;
    }
    const gen = nextGeneration(rLen);
    for (let i = 0; i < rLen; i++) {
      const slot = slotOf(rk[i]!, gen);
      if (tableStamps[slot] === gen) tableCounts[slot]! += 1;
      else {
        tableStamps[slot] = gen;
        tableKeys[slot] = rk[i]!;
        tableCounts[slot] = 1;
      }
    }
    let count = 0;
    for (let i = 0; i < hLen; i++) {
      const slot = slotOf(hk[i]!, gen);
      if (tableStamps[slot] === gen && tableCounts[slot]! > 0) {
        tableCounts[slot]! -= 1;
        count++;
      }
    }
    matches[n - 1] = count;
  }
  return matches;
}

function clippedMatchesByString<T>(hyp: readonly T[], ref: readonly T[], maxOrder: number) {
  const matches: number[] = [];
  for (let n = 1; n <= maxOrder; n++) {
    const left = new Map<string, number>();
    for (let i = 0; i + n <= ref.length; i++) {
      const key = JSON.stringify(ref.slice(i, i + n));
      left.set(key, (left.get(key) ?? 0) + 1);
    }
    let count = 0;
    for (let i = 0; i + n <= hyp.length; i++) {
      const key = JSON.stringify(hyp.slice(i, i + n));
      const l = left.get(key);
      if (l) {
        count++;
        left.set(key, l - 1);
      }
    }
    matches.push(count);
  }
  return matches;
}

export type BleuTokenize = '13a' | 'none';

/**
 * A sentence's BLEU statistics into `out[at..at + BLEU_DIMS)`: [hyp_len, ref_len, correct_1..4,
 * total_1..4]. `tokenize: 'none'` only splits on white space (sp-BLEU, whose pieces are already
 * tokens).
 */
export function bleuStats(
  hypothesis: string,
  reference: string,
  tokenize: BleuTokenize = '13a',
  out: Float64Array = new Float64Array(BLEU_DIMS),
  at = 0,
): Float64Array {
  const prep = tokenize === '13a' ? tokenize13a : (s: string) => s;
  const hyp = pySplit(prep(hypothesis));
  const ref = pySplit(prep(reference));
  const matches = clippedMatches(hyp, ref, BLEU_ORDER);
  out[at] = hyp.length;
  out[at + 1] = ref.length;
  for (let n = 1; n <= BLEU_ORDER; n++) {
    out[at + 1 + n] = matches[n - 1]!;
    out[at + 1 + BLEU_ORDER + n] = Math.max(0, hyp.length - n + 1);
  }
  return out;
}

const myLog = (x: number) => (x === 0 ? -9999999999 : Math.log(x));

/** BLEU (0–100) from summed statistics, with exponential smoothing, as sacreBLEU's compute_bleu. */
export function bleuFromStats(stats: ArrayLike<number>, at = 0, effectiveOrder = false): number {
  const sysLen = stats[at]!;
  const refLen = stats[at + 1]!;
  const bp = sysLen < refLen ? (sysLen > 0 ? Math.exp(1 - refLen / sysLen) : 0) : 1;
  let anyCorrect = false;
  for (let n = 1; n <= BLEU_ORDER; n++) if (stats[at + 1 + n]! > 0) anyCorrect = true;
  if (!anyCorrect) return 0;
  const precisions = new Array<number>(BLEU_ORDER).fill(0);
  let smooth = 1;
  let effOrder = BLEU_ORDER;
  for (let n = 1; n <= BLEU_ORDER; n++) {
    const correct = stats[at + 1 + n]!;
    const total = stats[at + 1 + BLEU_ORDER + n]!;
    if (total === 0) break;
    if (effectiveOrder) effOrder = n;
    if (correct === 0) {
      smooth *= 2;
      precisions[n - 1] = 100 / (smooth * total);
    } else {
      precisions[n - 1] = (100 * correct) / total;
    }
  }
  let logSum = 0;
  for (let n = 0; n < effOrder; n++) logSum += myLog(precisions[n]!);
  return bp * Math.exp(logSum / effOrder);
}

/** Corpus BLEU with sacreBLEU's defaults (what `sacrebleu.corpus_bleu(hyps, [refs])` gives). */
export function corpusBleu(
  hypotheses: readonly string[],
  references: readonly string[],
  tokenize: BleuTokenize = '13a',
): number {
  checkPairs(hypotheses, references);
  const total = new Float64Array(BLEU_DIMS);
  const one = new Float64Array(BLEU_DIMS);
  hypotheses.forEach((h, i) => {
    bleuStats(h, references[i]!, tokenize, one);
    for (let k = 0; k < BLEU_DIMS; k++) total[k]! += one[k]!;
  });
  return bleuFromStats(total);
}

/** Sentence BLEU as sacreBLEU's sentence_bleu: exponential smoothing, effective order. */
export function sentenceBleu(
  hypothesis: string,
  reference: string,
  tokenize: BleuTokenize = '13a',
): number {
  return bleuFromStats(bleuStats(hypothesis, reference, tokenize), 0, true);
}

export const CHRF_CHAR_ORDER = 6;
export const CHRF_BETA = 2;
const PUNCTS = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');

/** chrF statistics per sentence: [hyp, ref, match] counts for each char order, then word order. */
export const chrfDims = (wordOrder: number) => 3 * (CHRF_CHAR_ORDER + wordOrder);

/** chrF++'s word split: one leading or trailing punctuation mark becomes its own word. */
function chrfWords(sentence: string): string[] {
  const words: string[] = [];
  for (const w of pySplit(sentence)) {
    if ([...w].length === 1) words.push(w);
    else if (PUNCTS.has(w[w.length - 1]!)) words.push(w.slice(0, -1), w[w.length - 1]!);
    else if (PUNCTS.has(w[0]!)) words.push(w[0]!, w.slice(1));
    else words.push(w);
  }
  return words;
}

/** A sentence's code points, white space removed (chrF's characters). */
function chrfChars(sentence: string): number[] {
  const chars: number[] = [];
  for (const word of pySplit(sentence)) {
    for (let i = 0; i < word.length; i++) {
      const c = word.codePointAt(i)!;
      chars.push(c);
      if (c > 0xffff) i++;
    }
  }
  return chars;
}

/**
 * A sentence's chrF statistics into `out[at..at + chrfDims(wordOrder))`: per order, [hypothesis
 * n-grams (0 if the reference has none of that order), reference n-grams, clipped matches].
 */
export function chrfStats(
  hypothesis: string,
  reference: string,
  wordOrder = 0,
  out: Float64Array = new Float64Array(chrfDims(wordOrder)),
  at = 0,
): Float64Array {
  const put = (o: number, hypLen: number, refLen: number, n: number, matches: number) => {
    const refCount = Math.max(0, refLen - n + 1);
    out[at + 3 * o] = refCount > 0 ? Math.max(0, hypLen - n + 1) : 0;
    out[at + 3 * o + 1] = refCount;
    out[at + 3 * o + 2] = matches;
  };
  const hypChars = chrfChars(hypothesis);
  const refChars = chrfChars(reference);
  const charMatches = clippedMatches(hypChars, refChars, CHRF_CHAR_ORDER);
  for (let n = 1; n <= CHRF_CHAR_ORDER; n++) {
    put(n - 1, hypChars.length, refChars.length, n, charMatches[n - 1]!);
  }
  if (wordOrder > 0) {
    const hypWords = chrfWords(hypothesis);
    const refWords = chrfWords(reference);
    const wordMatches = clippedMatches(hypWords, refWords, wordOrder);
    for (let n = 1; n <= wordOrder; n++) {
      put(CHRF_CHAR_ORDER + n - 1, hypWords.length, refWords.length, n, wordMatches[n - 1]!);
    }
  }
  return out;
}

/** chrF (0–100) from summed statistics: averaged precision and recall over effective orders. */
export function chrfFromStats(stats: ArrayLike<number>, wordOrder = 0, at = 0): number {
  const orders = CHRF_CHAR_ORDER + wordOrder;
  const factor = CHRF_BETA * CHRF_BETA;
  let precision = 0;
  let recall = 0;
  let effective = 0;
  for (let o = 0; o < orders; o++) {
    const hyp = stats[at + 3 * o]!;
    const ref = stats[at + 3 * o + 1]!;
    const match = stats[at + 3 * o + 2]!;
    if (hyp > 0 && ref > 0) {
      precision += match / hyp;
      recall += match / ref;
      effective++;
    }
  }
  if (effective === 0) return 0;
  precision /= effective;
  recall /= effective;
  if (precision + recall === 0) return 0;
  return (100 * (1 + factor) * precision * recall) / (factor * precision + recall);
}

/** Corpus chrF (`wordOrder` 0) or chrF++ (`wordOrder` 2), as sacreBLEU's corpus_chrf. */
export function corpusChrf(
  hypotheses: readonly string[],
  references: readonly string[],
  wordOrder = 0,
): number {
  checkPairs(hypotheses, references);
  const dims = chrfDims(wordOrder);
  const total = new Float64Array(dims);
  const one = new Float64Array(dims);
  hypotheses.forEach((h, i) => {
    chrfStats(h, references[i]!, wordOrder, one);
    for (let k = 0; k < dims; k++) total[k]! += one[k]!;
  });
  return chrfFromStats(total, wordOrder);
}

export function sentenceChrf(hypothesis: string, reference: string, wordOrder = 0): number {
  return chrfFromStats(chrfStats(hypothesis, reference, wordOrder), wordOrder);
}

function checkPairs(hypotheses: readonly string[], references: readonly string[]) {
  if (hypotheses.length !== references.length) {
    throw new RangeError(
      `${hypotheses.length} hypotheses but ${references.length} references: they must pair up`,
    );
  }
}
