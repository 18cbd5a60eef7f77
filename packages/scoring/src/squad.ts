/**
 * SQuAD v1.1 answer scoring: exact match and token F1 after the official normalisation
 * (lower case, punctuation removed, the articles a/an/the removed, white space collapsed),
 * taking the best over the gold answers.
 */

// Python's string.punctuation, which the official script removes.
const PUNCTUATION = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');

export function normalizeAnswer(s: string): string {
  const lower = s.toLowerCase();
  const noPunct = [...lower].filter((ch) => !PUNCTUATION.has(ch)).join('');
  const noArticles = noPunct.replace(/\b(a|an|the)\b/g, ' ');
  return noArticles.split(/\s+/).filter(Boolean).join(' ');
}

const tokens = (s: string) => normalizeAnswer(s).split(' ').filter(Boolean);

export function exactMatch(prediction: string, gold: string): number {
  return normalizeAnswer(prediction) === normalizeAnswer(gold) ? 1 : 0;
}

export function tokenF1(prediction: string, gold: string): number {
  const p = tokens(prediction);
  const g = tokens(gold);
  if (p.length === 0 || g.length === 0) return p.length === g.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const t of g) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of p) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      common++;
      counts.set(t, c - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / p.length;
  const recall = common / g.length;
  return (2 * precision * recall) / (precision + recall);
}

/** Best score over several gold answers; an empty list counts as [""]. */
export function bestOver(
  metric: (p: string, g: string) => number,
  prediction: string,
  golds: string[],
): number {
  const list = golds.length ? golds : [''];
  return Math.max(...list.map((g) => metric(prediction, g)));
}

export const squadExactMatch = (prediction: string, golds: string[]) =>
  bestOver(exactMatch, prediction, golds);
export const squadF1 = (prediction: string, golds: string[]) =>
  bestOver(tokenF1, prediction, golds);

/** One answer's figures for the breakdown: exact match and F1 (0–1), best over the gold answers. */
export const squadItem = (prediction: string, golds: string[]) => ({
  em: squadExactMatch(prediction, golds),
  f1: squadF1(prediction, golds),
});
