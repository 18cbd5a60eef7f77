/**
 * What each metric is called, measured in, and which way is better. Every metric is higher-is-
 * better once converted as x' = direction · x + offset (memory becomes free memory).
 */
export interface MetricMeta {
  pretty_name: string;
  unit: string;
  utility_direction: 1 | -1;
  offset: number;
}

/** Memory of the reference machines, in GiB: the offset that turns "used" into "free". */
export const INSTANCE_MEMORY_GIB: Record<string, number> = {
  'ml.m5.xlarge': 16,
  'ml.m5.2xlarge': 32,
  'ml.p2.xlarge': 16,
};
export const DEFAULT_INSTANCE = 'ml.m5.2xlarge';
export const COMPUTE_METRICS = ['examples_per_second', 'memory_utilization'] as const;

const META: Record<string, MetricMeta> = {
  accuracy: { pretty_name: 'Accuracy', unit: '%', utility_direction: 1, offset: 0 },
  macro_f1: { pretty_name: 'Macro F1', unit: '%', utility_direction: 1, offset: 0 },
  squad_f1: { pretty_name: 'QA F1', unit: '%', utility_direction: 1, offset: 0 },
  bleu: { pretty_name: 'BLEU', unit: '', utility_direction: 1, offset: 0 },
  sp_bleu: { pretty_name: 'sp-BLEU', unit: '', utility_direction: 1, offset: 0 },
  chrf_pp: { pretty_name: 'chrF++', unit: '', utility_direction: 1, offset: 0 },
  vqa_accuracy: { pretty_name: 'VQA Accuracy', unit: '%', utility_direction: 1, offset: 0 },
  dataperf_f1: { pretty_name: 'Dataperf F1', unit: '%', utility_direction: 1, offset: 0 },
  examples_per_second: {
    pretty_name: 'Throughput',
    unit: 'examples/second',
    utility_direction: 1,
    offset: 0,
  },
  memory_utilization: { pretty_name: 'Memory', unit: 'GiB', utility_direction: -1, offset: 32 },
  fairness: { pretty_name: 'Fairness', unit: '%', utility_direction: 1, offset: 0 },
  robustness: { pretty_name: 'Robustness', unit: '%', utility_direction: 1, offset: 0 },
};

export function metricMeta(
  fieldName: string,
  perfMetric: string,
  instanceType = DEFAULT_INSTANCE,
): MetricMeta {
  const meta = META[fieldName] ??
    META[perfMetric] ?? { pretty_name: fieldName, unit: '', utility_direction: 1, offset: 0 };
  if (fieldName === 'memory_utilization') {
    return {
      ...meta,
      offset: INSTANCE_MEMORY_GIB[instanceType] ?? INSTANCE_MEMORY_GIB[DEFAULT_INSTANCE]!,
    };
  }
  return meta;
}

export interface OrderedMetric extends MetricMeta {
  name: string;
  field_name: string;
  default_weight: number;
}

export interface MetricConfig {
  perf_metric: { type: string };
  delta_metrics?: Array<{ type: string }>;
  train_file_metric?: unknown;
  aggregation_metric?: { default_weights?: Partial<Record<string, number>> };
}

/**
 * The metrics of a task's leaderboard, in order: the perf metric, the compute metrics (unless
 * the task scores uploaded predictions or training sets, which have no compute to measure) and
 * the delta metrics. Default weights come from the config, else 4 for perf and 1 for the rest.
 */
export function orderedMetrics(
  config: MetricConfig,
  task: { has_predictions_upload: boolean; instance_type: string },
): OrderedMetric[] {
  const perf = config.perf_metric.type;
  const compute =
    task.has_predictions_upload || config.train_file_metric ? [] : [...COMPUTE_METRICS];
  const fields = [perf, ...compute, ...(config.delta_metrics ?? []).map((d) => d.type)];
  const configured = config.aggregation_metric?.default_weights ?? {};
  return fields.map((field) => {
    const meta = metricMeta(field, perf, task.instance_type);
    return {
      name: meta.pretty_name,
      field_name: field,
      default_weight: configured[field] ?? (field === perf ? 4 : 1),
      ...meta,
    };
  });
}

/** Scoring datasets weigh 5 by default (the slider's maximum), or their own weight. */
export const DEFAULT_DATASET_WEIGHT = 5;
