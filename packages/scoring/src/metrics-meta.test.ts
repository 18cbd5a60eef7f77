import { describe, expect, it } from 'vitest';
import { metricMeta, orderedMetrics } from './metrics-meta.js';

const task = { has_predictions_upload: false, instance_type: 'ml.m5.2xlarge' };

describe('orderedMetrics', () => {
  it('orders perf, compute, then delta metrics with default weights 4 and 1', () => {
    const metrics = orderedMetrics(
      {
        perf_metric: { type: 'accuracy' },
        delta_metrics: [{ type: 'fairness' }, { type: 'robustness' }],
      },
      task,
    );
    expect(metrics.map((m) => [m.field_name, m.name, m.default_weight])).toEqual([
      ['accuracy', 'Accuracy', 4],
      ['examples_per_second', 'Throughput', 1],
      ['memory_utilization', 'Memory', 1],
      ['fairness', 'Fairness', 1],
      ['robustness', 'Robustness', 1],
    ]);
    const memory = metrics.find((m) => m.field_name === 'memory_utilization')!;
    expect([memory.utility_direction, memory.offset, memory.unit]).toEqual([-1, 32, 'GiB']);
  });

  it('drops compute metrics for prediction uploads and training-set tasks', () => {
    expect(
      orderedMetrics(
        { perf_metric: { type: 'macro_f1' } },
        { ...task, has_predictions_upload: true },
      ).map((m) => m.field_name),
    ).toEqual(['macro_f1']);
    expect(
      orderedMetrics({ perf_metric: { type: 'dataperf_f1' }, train_file_metric: {} }, task).map(
        (m) => m.field_name,
      ),
    ).toEqual(['dataperf_f1']);
  });

  it('takes default weights from the configuration', () => {
    const metrics = orderedMetrics(
      {
        perf_metric: { type: 'sp_bleu' },
        aggregation_metric: { default_weights: { sp_bleu: 5, memory_utilization: 0 } },
      },
      task,
    );
    expect(metrics.map((m) => m.default_weight)).toEqual([5, 1, 0]);
  });

  it('uses the instance memory as the memory offset', () => {
    expect(metricMeta('memory_utilization', 'accuracy', 'ml.m5.xlarge').offset).toBe(16);
    expect(metricMeta('unknown_metric', 'squad_f1').pretty_name).toBe('QA F1');
  });
});
