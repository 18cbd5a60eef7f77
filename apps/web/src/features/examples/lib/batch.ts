import { type TaskConfig } from '@dynaloop/contract';
import { fieldProblems } from './check-input';
import { editableInputs, type FieldValues } from './fields';

export interface BatchProblem {
  line: number;
  field?: string;
  message: string;
}

export interface BatchCheck {
  /** The input of every non-blank line, in file order, with its line number. */
  lines: Array<{ line: number; input: FieldValues }>;
  problems: BatchProblem[];
}

/** "line 3 (label): must be one of negative, positive, neutral" */
export function batchProblemText(problem: BatchProblem): string {
  return problem.field
    ? `line ${String(problem.line)} (${problem.field}): ${problem.message}`
    : `line ${String(problem.line)}: ${problem.message}`;
}

/**
 * Checks a JSONL file of inputs (one object of input fields per line) against the task's
 * configuration and the current context, every line before anything is sent. Blank lines are
 * skipped; line numbers are those of the file.
 */
export function checkBatch(text: string, config: TaskConfig, context: FieldValues): BatchCheck {
  const fields = editableInputs(config);
  const known = new Set(fields.map((f) => f.name));
  const lines: BatchCheck['lines'] = [];
  const problems: BatchProblem[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      problems.push({ line, message: 'is not valid JSON' });
      return;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      problems.push({ line, message: 'must be a JSON object of input fields' });
      return;
    }
    const input = parsed as FieldValues;
    const lineProblems: BatchProblem[] = Object.entries(
      fieldProblems(fields, input, context, { missingMessage: 'is required' }),
    ).map(([field, message]) => ({ line, field, message }));
    for (const key of Object.keys(input)) {
      if (!known.has(key)) {
        lineProblems.push({ line, field: key, message: 'is not an input field of this task' });
      }
    }
    if (lineProblems.length > 0) problems.push(...lineProblems);
    else lines.push({ line, input });
  });
  if (lines.length === 0 && problems.length === 0) {
    problems.push({ line: 1, message: 'the file has no examples' });
  }
  return { lines, problems };
}
