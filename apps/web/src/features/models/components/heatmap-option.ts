import { type ModelScore } from '@dynaloop/contract';

export interface TagCell {
  dataset: string;
  tag: string;
  perf: number;
}

/** Per-tag results of every score (metadata_json.perf_by_tag). */
export function tagCells(scores: ModelScore[]): TagCell[] {
  return scores.flatMap((s) => {
    const byTag = s.metadata_json.perf_by_tag;
    if (!Array.isArray(byTag)) return [];
    return byTag.flatMap((t: unknown) => {
      const cell = t as { tag?: unknown; perf?: unknown };
      return typeof cell.tag === 'string' && typeof cell.perf === 'number'
        ? [{ dataset: s.dataset_name, tag: cell.tag, perf: cell.perf }]
        : [];
    });
  });
}

/** Spec §9: fewer than 50 tags → 700×600 with labels; otherwise 1020×1000 without. */
export function heatmapSize(tagCount: number): { width: number; height: number; labels: boolean } {
  return tagCount < 50
    ? { width: 700, height: 600, labels: true }
    : { width: 1020, height: 1000, labels: false };
}

/** The ECharts option of the heatmap: tags across, datasets down, the score in each cell. */
export function heatmapOption(cells: TagCell[]) {
  const tags = [...new Set(cells.map((c) => c.tag))].sort();
  const datasets = [...new Set(cells.map((c) => c.dataset))];
  const { labels } = heatmapSize(tags.length);
  return {
    tooltip: { position: 'top' },
    grid: { top: 20, bottom: 110, left: 150, right: 20 },
    xAxis: { type: 'category', data: tags, axisLabel: { rotate: 45 }, splitArea: { show: true } },
    yAxis: { type: 'category', data: datasets, splitArea: { show: true } },
    visualMap: {
      min: 0,
      max: 100,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
    },
    series: [
      {
        name: 'Score by tag',
        type: 'heatmap',
        data: cells.map((c) => [tags.indexOf(c.tag), datasets.indexOf(c.dataset), c.perf]),
        label: { show: labels },
      },
    ],
  };
}
