import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseTaskConfig } from './task-config.js';

const DATA = path.resolve(import.meta.dirname, '../../../data');

const demoConfigs = [
  ...['sentiment', 'nli', 'qa', 'hs'].map((t) => path.join(DATA, 'tasks', t, 'task.yaml')),
  path.join(DATA, 'flores/tracks.yaml'),
  path.join(DATA, 'dataperf/task.yaml'),
];

const NLI = `perf_metric:
  type: accuracy
  reference_name: label
context:
  - name: context
    type: string
input:
  - name: hypothesis
    type: string
  - name: label
    type: multiclass
    labels: [entailed, neutral, contradictory]
output:
  - name: label
model_wrong_metric:
  type: exact_match
  reference_names: [label]
`;

describe('parseTaskConfig', () => {
  it.each(demoConfigs)('accepts the demo configuration %s', (file) => {
    const manifest = YAML.parse(fs.readFileSync(file, 'utf8')) as { config: unknown };
    const result = parseTaskConfig(YAML.stringify(manifest.config));
    expect(result.ok ? [] : result.problems).toEqual([]);
  });

  it('fills defaults: dynascore aggregation and ask_user', () => {
    const result = parseTaskConfig(NLI.replace(/model_wrong_metric:[\s\S]*$/, ''));
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.config.aggregation_metric).toEqual({ type: 'dynascore' });
      expect(result.config.model_wrong_metric).toEqual({ type: 'ask_user' });
    }
  });

  it('names the key and line of a missing label list', () => {
    const text = NLI.replace('    labels: [entailed, neutral, contradictory]\n', '');
    const result = parseTaskConfig(text);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.problems).toEqual([
        { path: 'input.1.labels', line: 10, message: 'a multiclass field needs labels' },
      ]);
  });

  it('names the line of a wrong type and of an unknown key', () => {
    const text = NLI.replace(
      '    type: string\n  - name: label',
      '    type: sentence\n  - name: label',
    ).replace('perf_metric:', 'perf_metrics: 1\nperf_metric:');
    const result = parseTaskConfig(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      const byPath = Object.fromEntries(result.problems.map((p) => [p.path, p]));
      expect(byPath['input.0.type']?.line).toBe(text.split('\n').indexOf('    type: sentence') + 1);
      expect(byPath['input.0.type']?.message).toMatch(/Invalid option/);
      expect(byPath['perf_metrics']).toEqual({
        path: 'perf_metrics',
        line: 1,
        message: 'is not a known key',
      });
    }
  });

  it('requires perf_metric and refuses weights outside 0..5', () => {
    const text =
      NLI.replace(/perf_metric:\n {2}type: accuracy\n {2}reference_name: label\n/, '') +
      'aggregation_metric:\n  type: dynascore\n  default_weights:\n    accuracy: 9\n';
    const result = parseTaskConfig(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems).toEqual([
        {
          path: 'aggregation_metric.default_weights.accuracy',
          line: text.split('\n').indexOf('    accuracy: 9') + 1,
          message: 'must be between 0 and 5',
        },
        { path: 'perf_metric', line: undefined, message: 'is required' },
      ]);
    }
  });

  it('checks references between fields', () => {
    const text = NLI.replace('output:\n  - name: label', 'output:\n  - name: verdict').replace(
      '  - name: hypothesis\n    type: string',
      '  - name: hypothesis\n    type: context_string_selection\n    reference_name: nowhere',
    );
    const result = parseTaskConfig(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems.map((p) => p.path).sort()).toEqual(
        [
          'input.0.reference_name',
          'model_wrong_metric.reference_names.0',
          'output.0.name',
          'perf_metric.reference_name',
        ].sort(),
      );
    }
  });

  it('reports YAML syntax errors with their line', () => {
    const result = parseTaskConfig('perf_metric:\n  type: [accuracy\n');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]!.line).toBeGreaterThanOrEqual(2);
  });

  it('refuses a field declared twice', () => {
    const result = parseTaskConfig(NLI.replace('  - name: hypothesis', '  - name: context'));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]).toMatchObject({ path: 'input.0.name', line: 8 });
  });
});
