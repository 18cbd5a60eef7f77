import { type ModelScore } from '@dynaloop/contract';
import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { downloadModelFile } from '../api/models';

/** "85.30 ± 2.10": the score and half the width of its 95% bootstrap interval. */
export function formatScore(s: ModelScore): string {
  if (s.accuracy === null) return '—';
  const score = s.accuracy.toFixed(2);
  if (s.perf_ci_low === null || s.perf_ci_high === null) return score;
  return `${score} ± ${((s.perf_ci_high - s.perf_ci_low) / 2).toFixed(2)}`;
}

function Record({ score }: { score: ModelScore }) {
  const r = score.evaluation_record;
  if (!r) return null;
  const machine = r.machine as Record<string, unknown>;
  return (
    <Stack gap={2} data-testid={`record-${score.dataset_name}`}>
      <Text size="xs">
        {r.metric} on {r.n_examples} examples, {r.bootstrap_replicates} paired bootstrap replicates
        (seed {r.seed}); scoring {r.scoring_version}
      </Text>
      <Text size="xs" ff="monospace">
        dataset sha256 {r.dataset_sha256}
      </Text>
      {r.submission_sha256 ? (
        <Text size="xs" ff="monospace">
          submission sha256 {r.submission_sha256}
        </Text>
      ) : null}
      {r.model_version ? <Text size="xs">model {r.model_version}</Text> : null}
      <Text size="xs">
        {new Date(r.started_at).toLocaleString()} – {new Date(r.finished_at).toLocaleString()} (
        {r.runtime_ms} ms) on {String(machine.hostname ?? 'unknown host')} (
        {String(machine.cpus ?? '?')} CPUs, {String(machine.node ?? '')})
      </Text>
    </Stack>
  );
}

interface ScoresTableProps {
  modelId: number;
  label: string;
  scores: ModelScore[];
  /** Which datasets' logs and predictions the viewer may download. */
  canDownload: (score: ModelScore) => boolean;
  onDownloadError: (message: string) => void;
}

/** Scores per dataset with their interval, evaluation record and downloads. */
export function ScoresTable({
  modelId,
  label,
  scores,
  canDownload,
  onDownloadError,
}: ScoresTableProps) {
  const [open, setOpen] = useState<number | null>(null);
  if (scores.length === 0) return null;
  const download = (kind: 'log' | 'predictions', s: ModelScore) => {
    void downloadModelFile(kind, modelId, s.dataset_id).catch((error: unknown) =>
      onDownloadError(errorMessage(error)),
    );
  };
  return (
    <Table aria-label={label} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Dataset</Table.Th>
          <Table.Th scope="col">Round</Table.Th>
          <Table.Th scope="col">Score</Table.Th>
          <Table.Th scope="col">Record and files</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {scores.map((s) => (
          <Table.Tr key={s.dataset_id} data-testid={`score-${s.dataset_name}`}>
            <Table.Td>
              {s.dataset_source_url ? (
                <Anchor href={s.dataset_source_url} target="_blank" rel="noreferrer">
                  {s.dataset_name}
                </Anchor>
              ) : (
                s.dataset_name
              )}
              {s.dataset_longdesc ? (
                <Text size="xs" c="dimmed">
                  {s.dataset_longdesc}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>{s.round_id || '—'}</Table.Td>
            <Table.Td>
              <Text fw={600}>{formatScore(s)}</Text>
            </Table.Td>
            <Table.Td>
              <Group gap="xs">
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => setOpen(open === s.dataset_id ? null : s.dataset_id)}
                  aria-expanded={open === s.dataset_id}
                >
                  Evaluation record
                </Button>
                {canDownload(s) ? (
                  <>
                    <Button size="compact-xs" variant="light" onClick={() => download('log', s)}>
                      Download log
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => download('predictions', s)}
                    >
                      Download predictions
                    </Button>
                  </>
                ) : null}
              </Group>
              {open === s.dataset_id ? <Record score={s} /> : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
