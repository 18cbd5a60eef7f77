import { LineCounter, parseDocument, isMap, isSeq, type Node } from 'yaml';
import { z } from 'zod';

/**
 * The task configuration (`tasks.config_yaml`): what the create and validate pages show, what
 * models receive and answer, and how examples and models are scored. Verified on every write;
 * errors name the key and its line.
 */

export const ANNOTATION_TYPES = [
  'string',
  'image',
  'context_string_selection',
  'multiclass',
  'multilabel',
  'prob',
  'target_label',
] as const;

export const PERF_METRICS = [
  'accuracy',
  'macro_f1',
  'squad_f1',
  'bleu',
  'sp_bleu',
  'chrf_pp',
  'vqa_accuracy',
  'dataperf_f1',
] as const;

export const DELTA_METRICS = ['fairness', 'robustness'] as const;
/** Metrics a leaderboard can weigh: the perf metrics, the compute metrics and the deltas. */
export const WEIGHABLE_METRICS = [
  ...PERF_METRICS,
  'examples_per_second',
  'memory_utilization',
  ...DELTA_METRICS,
] as const;

const name = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a field name (letters, digits, _)');
const weight = z.number().min(0, 'must be between 0 and 5').max(5, 'must be between 0 and 5');

export const annotationObject = z
  .object({
    name,
    type: z.enum(ANNOTATION_TYPES),
    placeholder: z.string().optional(),
    display_name: z.string().optional(),
    labels: z.array(z.string().min(1)).min(2, 'needs at least two labels').optional(),
    reference_name: name.optional(),
    as_goal_message: z.boolean().optional(),
    single_prob: z.boolean().optional(),
    model_wrong_condition: z.boolean().optional(),
    validated_label_condition: z.enum(['correct', 'incorrect', 'flagged']).optional(),
  })
  .strict();
export type AnnotationObject = z.infer<typeof annotationObject>;

/** `output` entries may name a context or input field instead of repeating it. */
const outputEntry = z.union([annotationObject, z.object({ name }).strict()]);

const modelWrongMetric = z.discriminatedUnion('type', [
  z.object({ type: z.literal('exact_match'), reference_names: z.array(name).min(1) }).strict(),
  z
    .object({
      type: z.literal('string_f1'),
      reference_name: name,
      threshold: z.number().min(0).max(1),
    })
    .strict(),
  z.object({ type: z.literal('ask_user') }).strict(),
]);

export const taskConfigSchema = z
  .object({
    aggregation_metric: z
      .object({
        type: z.literal('dynascore'),
        default_weights: z.partialRecord(z.enum(WEIGHABLE_METRICS), weight).optional(),
      })
      .strict()
      .default({ type: 'dynascore' }),
    perf_metric: z.object({ type: z.enum(PERF_METRICS), reference_name: name }).strict(),
    delta_metrics: z.array(z.object({ type: z.enum(DELTA_METRICS) }).strict()).optional(),
    model_wrong_metric: modelWrongMetric.default({ type: 'ask_user' }),
    train_file_metric: z
      .object({
        type: z.literal('dataperf'),
        reference_name: name,
        seeds: z.number().int().min(1).max(20),
        test_labels: z.array(z.string().min(1)).min(1),
      })
      .strict()
      .optional(),
    goal_message: z.string().optional(),
    content_warning: z.string().optional(),
    context: z.array(annotationObject).default([]),
    input: z.array(annotationObject).min(1, 'needs at least one field'),
    output: z.array(outputEntry).min(1, 'needs at least one field'),
    metadata: z
      .object({
        create: z.array(annotationObject).optional(),
        validate: z.array(annotationObject).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type TaskConfig = z.infer<typeof taskConfigSchema>;

export interface ConfigProblem {
  /** Dotted path of the offending key, e.g. "input.1.labels". */
  path: string;
  /** 1-based line in the YAML text, when the key is found there. */
  line?: number;
  message: string;
}

export type ConfigResult =
  { ok: true; config: TaskConfig } | { ok: false; problems: ConfigProblem[] };

/** Cross-field rules the schema alone cannot say. */
function semanticProblems(c: TaskConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const fields = new Map<string, AnnotationObject>();
  const declare = (list: AnnotationObject[], where: string) =>
    list.forEach((f, i) => {
      if (fields.has(f.name))
        problems.push({ path: `${where}.${i}.name`, message: `"${f.name}" is declared twice` });
      fields.set(f.name, f);
    });
  declare(c.context, 'context');
  declare(c.input, 'input');
  const checkObject = (f: AnnotationObject, path: string) => {
    if ((f.type === 'multiclass' || f.type === 'multilabel') && !f.labels) {
      problems.push({ path: `${path}.labels`, message: `a ${f.type} field needs labels` });
    }
    if (f.type === 'context_string_selection') {
      const ref = f.reference_name ? c.context.find((x) => x.name === f.reference_name) : undefined;
      if (!ref || ref.type !== 'string') {
        problems.push({
          path: `${path}.reference_name`,
          message: 'must name a string field of the context',
        });
      }
    }
  };
  c.context.forEach((f, i) => checkObject(f, `context.${i}`));
  c.input.forEach((f, i) => checkObject(f, `input.${i}`));
  c.output.forEach((o, i) => {
    if ('type' in o) checkObject(o as AnnotationObject, `output.${i}`);
    else if (!fields.has(o.name)) {
      problems.push({
        path: `output.${i}.name`,
        message: `"${o.name}" is neither an input nor a context field`,
      });
    }
  });
  c.metadata?.create?.forEach((f, i) => checkObject(f, `metadata.create.${i}`));
  c.metadata?.validate?.forEach((f, i) => checkObject(f, `metadata.validate.${i}`));
  const outputNames = new Set(c.output.map((o) => o.name));
  if (!outputNames.has(c.perf_metric.reference_name)) {
    problems.push({
      path: 'perf_metric.reference_name',
      message: `"${c.perf_metric.reference_name}" is not an output field`,
    });
  }
  const mw = c.model_wrong_metric;
  const targets =
    mw.type === 'exact_match'
      ? mw.reference_names
      : mw.type === 'string_f1'
        ? [mw.reference_name]
        : [];
  targets.forEach((t, i) => {
    if (!fields.has(t) || !outputNames.has(t)) {
      problems.push({
        path:
          mw.type === 'exact_match'
            ? `model_wrong_metric.reference_names.${i}`
            : 'model_wrong_metric.reference_name',
        message: `"${t}" must be both an input and an output field`,
      });
    }
  });
  return problems;
}

function lineOf(
  doc: ReturnType<typeof parseDocument>,
  lines: LineCounter,
  path: string,
): number | undefined {
  const keys = path === '' ? [] : path.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k));
  // Walk down as far as the path exists; report the deepest node found.
  // The document root (depth 0) is never reported: a missing top-level key has no line.
  for (let depth = keys.length; depth >= 1; depth--) {
    const node = doc.getIn(keys.slice(0, depth), true) as Node | undefined;
    if (node && typeof node === 'object' && 'range' in node && node.range)
      return lines.linePos(node.range[0]).line;
    if (depth > 0 && (isMap(doc.contents) || isSeq(doc.contents))) {
      const parent = doc.getIn(keys.slice(0, depth - 1), true) as Node | undefined;
      if (parent && isMap(parent)) {
        const pair = parent.items.find(
          (p) => (p.key as { value?: unknown } | null)?.value === keys[depth - 1],
        );
        const keyNode = pair?.key as Node | undefined;
        if (keyNode?.range) return lines.linePos(keyNode.range[0]).line;
      }
    }
  }
  return undefined;
}

/** Parses and verifies a task configuration written in YAML. */
export function parseTaskConfig(yamlText: string): ConfigResult {
  const lines = new LineCounter();
  const doc = parseDocument(yamlText, {
    lineCounter: lines,
    prettyErrors: true,
    uniqueKeys: true,
  });
  if (doc.errors.length) {
    return {
      ok: false,
      problems: doc.errors.map((e) => ({
        path: '',
        line: e.linePos?.[0]?.line,
        message: e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, ''),
      })),
    };
  }
  const parsed = taskConfigSchema.safeParse(doc.toJS() ?? {});
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.flatMap((i) => {
        if (i.code === 'unrecognized_keys') {
          return i.keys.map((key) => {
            const path = [...i.path, key].join('.');
            return { path, line: lineOf(doc, lines, path), message: 'is not a known key' };
          });
        }
        const path = i.path.join('.');
        const missing = i.code === 'invalid_type' && /received undefined/.test(i.message);
        return {
          path,
          line: lineOf(doc, lines, path),
          message: missing ? 'is required' : i.message,
        };
      }),
    };
  }
  const problems = semanticProblems(parsed.data).map((p) => ({
    ...p,
    line: lineOf(doc, lines, p.path),
  }));
  return problems.length ? { ok: false, problems } : { ok: true, config: parsed.data };
}

export function describeConfigProblems(problems: ConfigProblem[]): string {
  return problems
    .map((p) => `${p.path || 'config'}${p.line ? ` (line ${p.line})` : ''}: ${p.message}`)
    .join('; ');
}

export type VerificationMode = 'default' | 'dataset_upload' | 'predictions_upload';

export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * Checks one value against its annotation object. In `dataset_upload` mode a list of values is
 * allowed where one is expected (several gold answers).
 */
export function checkAnnotationValue(
  field: AnnotationObject,
  value: unknown,
  mode: VerificationMode,
  siblings: Record<string, unknown>,
): string | undefined {
  const many =
    mode === 'dataset_upload' &&
    Array.isArray(value) &&
    field.type !== 'multilabel' &&
    field.type !== 'prob';
  const values = many ? (value as unknown[]) : [value];
  if (many && values.length === 0) return 'must list at least one value';
  for (const v of values) {
    switch (field.type) {
      case 'string':
      case 'image':
        if (typeof v !== 'string') return 'must be a string';
        break;
      case 'multiclass':
      case 'target_label':
        if (typeof v !== 'string') return 'must be a string';
        if (field.labels && !field.labels.includes(v))
          return `must be one of ${field.labels.join(', ')}`;
        break;
      case 'multilabel':
        if (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))
          return 'must be a list of labels';
        if (field.labels) {
          const unknown = (v as string[]).find((x) => !field.labels!.includes(x));
          if (unknown !== undefined) return `"${unknown}" is not one of ${field.labels.join(', ')}`;
        }
        break;
      case 'context_string_selection': {
        if (typeof v !== 'string') return 'must be a string';
        const source = field.reference_name ? siblings[field.reference_name] : undefined;
        if (mode !== 'predictions_upload' && typeof source === 'string' && !source.includes(v)) {
          return `must be a passage of ${field.reference_name}`;
        }
        break;
      }
      case 'prob': {
        if (field.single_prob) {
          if (typeof v !== 'number' || v < 0 || v > 1)
            return 'must be a probability between 0 and 1';
          break;
        }
        if (typeof v !== 'object' || v === null || Array.isArray(v))
          return 'must map labels to probabilities';
        const probs = Object.values(v as Record<string, unknown>);
        if (probs.some((p) => typeof p !== 'number' || p < 0 || p > 1))
          return 'must hold probabilities between 0 and 1';
        const sum = (probs as number[]).reduce((a, b) => a + b, 0);
        if (Math.abs(sum - 1) > 1e-4) return 'must sum to 1';
        break;
      }
    }
  }
  return undefined;
}

/** Fields a dataset line must carry: every input field the model reads or is scored on. */
export function datasetFields(config: TaskConfig): AnnotationObject[] {
  return config.input.filter((f) => f.type !== 'prob');
}

/**
 * Verifies one line of an uploaded dataset: `uid`, a `tags` list, the task's input fields (and
 * its context fields when present), typed as the configuration says.
 */
export function checkDatasetLine(
  config: TaskConfig,
  line: Record<string, unknown>,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (typeof line.uid !== 'string' && typeof line.uid !== 'number')
    problems.push({ field: 'uid', message: 'is required (string or number)' });
  if (!Array.isArray(line.tags) || line.tags.some((t) => typeof t !== 'string')) {
    problems.push({ field: 'tags', message: 'must be a list of strings' });
  }
  for (const f of datasetFields(config)) {
    if (!(f.name in line)) {
      problems.push({ field: f.name, message: 'is required' });
      continue;
    }
    const message = checkAnnotationValue(f, line[f.name], 'dataset_upload', line);
    if (message) problems.push({ field: f.name, message });
  }
  for (const f of config.context) {
    if (!(f.name in line)) continue;
    const message = checkAnnotationValue(f, line[f.name], 'dataset_upload', line);
    if (message) problems.push({ field: f.name, message });
  }
  return problems;
}

/** Verifies one line of a contexts file: `{context: {every context field}, tag, metadata}`. */
export function checkContextLine(
  config: TaskConfig,
  line: Record<string, unknown>,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const ctx = line.context;
  if (typeof ctx !== 'object' || ctx === null || Array.isArray(ctx)) {
    return [{ field: 'context', message: 'must be an object of context fields' }];
  }
  const fields = ctx as Record<string, unknown>;
  for (const f of config.context) {
    if (!(f.name in fields)) {
      problems.push({ field: `context.${f.name}`, message: 'is required' });
      continue;
    }
    const message = checkAnnotationValue(f, fields[f.name], 'default', fields);
    if (message) problems.push({ field: `context.${f.name}`, message });
  }
  if (line.tag !== undefined && line.tag !== null && typeof line.tag !== 'string') {
    problems.push({ field: 'tag', message: 'must be a string or null' });
  }
  if (
    line.metadata !== undefined &&
    (typeof line.metadata !== 'object' || line.metadata === null || Array.isArray(line.metadata))
  ) {
    problems.push({ field: 'metadata', message: 'must be an object' });
  }
  return problems;
}

/** The annotation object of each output field (an output may only name an input field). */
export function outputFields(config: TaskConfig): AnnotationObject[] {
  const known = new Map([...config.context, ...config.input].map((f) => [f.name, f]));
  return config.output.flatMap((o) => {
    const full = 'type' in o ? o : known.get(o.name);
    return full ? [full] : [];
  });
}

/**
 * What a predictions line must hold: `uid`, and every output field of the task (probability
 * fields are optional, checked when present), typed as the configuration says in
 * predictions_upload mode.
 */
export function checkPredictionLine(
  config: TaskConfig,
  line: Record<string, unknown>,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (typeof line.uid !== 'string' && typeof line.uid !== 'number')
    problems.push({ field: 'uid', message: 'is required (string or number)' });
  for (const f of outputFields(config)) {
    if (!(f.name in line)) {
      if (f.type !== 'prob') problems.push({ field: f.name, message: 'is required' });
      continue;
    }
    const message = checkAnnotationValue(f, line[f.name], 'predictions_upload', line);
    if (message) problems.push({ field: f.name, message });
  }
  return problems;
}
