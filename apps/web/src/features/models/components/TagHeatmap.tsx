import { type ModelScore } from '@dynaloop/contract';
import { Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { heatmapOption, heatmapSize, type TagCell, tagCells } from './heatmap-option';

export const NO_HEATMAP_DATA = 'No data available, the model is still evaluating.';

/** ECharts, loaded only when a heatmap is shown (kept out of every other page's bundle). */
const loadEcharts = () => import('./echarts-heatmap');

/** The per-tag results of a model as a heatmap (datasets × tags). */
export function TagHeatmap({ scores }: { scores: ModelScore[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const cells = tagCells(scores);
  const tags = new Set(cells.map((c) => c.tag)).size;
  const size = heatmapSize(tags);
  // The cells' content decides when to redraw (the scores array is new on every reload).
  const key = JSON.stringify(cells);
  useEffect(() => {
    const drawn = JSON.parse(key) as TagCell[];
    if (drawn.length === 0 || !ref.current) return;
    let disposed = false;
    let chart: { dispose(): void } | undefined;
    const element = ref.current;
    void loadEcharts()
      .then((echarts) => {
        if (disposed) return;
        const instance = echarts.init(element);
        instance.setOption(heatmapOption(drawn));
        chart = instance;
      })
      .catch(() => undefined);
    return () => {
      disposed = true;
      chart?.dispose();
    };
  }, [key]);
  if (cells.length === 0) return <Text c="dimmed">{NO_HEATMAP_DATA}</Text>;
  return (
    <div
      ref={ref}
      role="img"
      aria-label={`Scores of ${String(tags)} tags`}
      style={{ width: '100%', maxWidth: size.width, height: size.height }}
    />
  );
}
