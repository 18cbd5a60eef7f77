/** One problem found in an uploaded JSONL file; line numbers start at 1. */
export interface LineProblem {
  line: number;
  field?: string;
  message: string;
}

export class JsonlError extends Error {
  constructor(readonly problems: LineProblem[]) {
    super(
      problems
        .slice(0, 5)
        .map((p) => `line ${p.line}${p.field ? ` (${p.field})` : ''}: ${p.message}`)
        .join('; ') + (problems.length > 5 ? `; and ${problems.length - 5} more` : ''),
    );
  }
}

/** Parses JSONL into objects, collecting every bad line rather than stopping at the first. */
export async function parseJsonlObjects(
  lines: Iterable<string> | AsyncIterable<string>,
  check: (obj: Record<string, unknown>, line: number) => LineProblem[],
  maxProblems = 100,
): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  const problems: LineProblem[] = [];
  let n = 0;
  for await (const raw of lines) {
    n++;
    if (raw.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      problems.push({ line: n, message: 'is not valid JSON' });
      if (problems.length >= maxProblems) break;
      continue;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      problems.push({ line: n, message: 'must be a JSON object' });
    } else {
      const lineProblems = check(parsed as Record<string, unknown>, n);
      if (lineProblems.length) problems.push(...lineProblems);
      else out.push(parsed as Record<string, unknown>);
    }
    if (problems.length >= maxProblems) break;
  }
  if (problems.length) throw new JsonlError(problems);
  return out;
}
