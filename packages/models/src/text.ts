/** Small text utilities shared by the baselines. */

export const STOPWORDS = new Set(
  'a an the of to in on at by for with from and or but is are was were be been being it its this that these those as into than then there their they them he she his her we our you your i me my not no do does did has have had will would can could should may might so if about over under after before during while which who whom whose what when where why how'.split(
    ' ',
  ),
);

export interface Token {
  text: string;
  lower: string;
  start: number;
  end: number;
}

export function tokenize(s: string): Token[] {
  const out: Token[] = [];
  for (const m of s.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu)) {
    out.push({ text: m[0], lower: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

export const contentWords = (s: string) =>
  tokenize(s)
    .map((t) => t.lower)
    .filter((w) => !STOPWORDS.has(w));

/** Probabilities from scores (softmax). */
export function softmax(scores: Record<string, number>): Record<string, number> {
  const max = Math.max(...Object.values(scores));
  const exps = Object.entries(scores).map(([k, v]) => [k, Math.exp(v - max)] as const);
  const sum = exps.reduce((a, [, v]) => a + v, 0);
  return Object.fromEntries(exps.map(([k, v]) => [k, Math.round((v / sum) * 1e4) / 1e4]));
}

export function argmax(probs: Record<string, number>): string {
  return Object.entries(probs).sort((a, b) => b[1] - a[1])[0]![0];
}
