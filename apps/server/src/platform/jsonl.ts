import readline from 'node:readline';
import { errors } from './errors.js';

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

export const MAX_REPORTED_PROBLEMS = 100;

/**
 * Reads JSONL one line at a time: each JSON object is checked, and handed to `accept` while no
 * line has failed. Every bad line is collected (up to 100) rather than stopping at the first;
 * the caller discards what it accepted when this throws. Memory stays flat whatever the size.
 */
export async function streamJsonlObjects(
  lines: Iterable<string> | AsyncIterable<string>,
  check: (obj: Record<string, unknown>, line: number) => LineProblem[],
  accept: (obj: Record<string, unknown>, line: number) => void | Promise<void>,
): Promise<number> {
  const problems: LineProblem[] = [];
  let n = 0;
  let accepted = 0;
  for await (const raw of lines) {
    n++;
    if (raw.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      problems.push({ line: n, message: 'is not valid JSON' });
      if (problems.length >= MAX_REPORTED_PROBLEMS) break;
      continue;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      problems.push({ line: n, message: 'must be a JSON object' });
    } else {
      const lineProblems = check(parsed as Record<string, unknown>, n);
      if (lineProblems.length) problems.push(...lineProblems);
      else if (problems.length === 0) {
        await accept(parsed as Record<string, unknown>, n);
        accepted++;
      }
    }
    if (problems.length >= MAX_REPORTED_PROBLEMS) break;
  }
  if (problems.length) throw new JsonlError(problems.slice(0, MAX_REPORTED_PROBLEMS));
  return accepted;
}

/** Collects the accepted objects (for small inputs). */
export async function parseJsonlObjects(
  lines: Iterable<string> | AsyncIterable<string>,
  check: (obj: Record<string, unknown>, line: number) => LineProblem[],
): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  await streamJsonlObjects(lines, check, (obj) => {
    out.push(obj);
  });
  return out;
}

/**
 * The lines of a stream, read only once iteration starts. (A readline interface made earlier
 * starts consuming at once, and lines it emits before anyone iterates are lost; an upload is
 * often read only after a transaction has begun.)
 */
export async function* linesOf(input: NodeJS.ReadableStream): AsyncGenerator<string> {
  const rl = readline.createInterface({ input, crlfDelay: Infinity });
  for await (const line of rl) yield line;
}

/** A JSONL upload's problems as a 400 naming each line and field. */
export function uploadError(err: unknown): never {
  if (err instanceof JsonlError) {
    throw errors.validation(
      `The file was not stored: ${err.message}`,
      err.problems.map((p) => ({
        path: `line ${p.line}${p.field ? `.${p.field}` : ''}`,
        message: p.message,
      })),
    );
  }
  throw err;
}
