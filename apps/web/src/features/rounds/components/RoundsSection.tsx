import { type FormEvent, useRef, useState } from 'react';
import { type OwnerRound, type TaskDetail } from '@dynaloop/contract';
import { modelErrorRate } from '@dynaloop/contract/stats';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { QueryStatus } from '../../../components/QueryStatus';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useUploadContexts } from '../../contexts/api/upload-contexts';
import { useExport } from '../../export/api/export-task';
import { useAllRounds, useCreateRound } from '../api/rounds';
import { ServerProblems, uploadDetailText } from '../../../components/ServerProblems';

const numberFormat = new Intl.NumberFormat('en-US');
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

interface UploadResult {
  id: number;
  file: string;
  count?: number;
  error?: unknown;
}

function plural(count: number, word: string): string {
  return `${numberFormat.format(count)} ${word}${count === 1 ? '' : 's'}`;
}

function ContextsUpload({ task, round }: { task: TaskDetail; round: OwnerRound }) {
  const upload = useUploadContexts(task.id);
  const resetRef = useRef<() => void>(null);
  const [results, setResults] = useState<UploadResult[]>([]);
  const latest = results[0];

  function send(file: File | null) {
    if (!file) return;
    // Clears the file input, so that the same file can be chosen again after a fix.
    resetRef.current?.();
    const id = Date.now();
    upload.mutate(
      { round: round.rid, file },
      {
        onSuccess: ({ count }) => setResults((list) => [{ id, file: file.name, count }, ...list]),
        onError: (error) => setResults((list) => [{ id, file: file.name, error }, ...list]),
      },
    );
  }

  return (
    <Stack gap="xs">
      <FileInput
        label="Upload contexts"
        description='JSONL, one {"context": {…}, "tag": …, "metadata": {…}} per line. A file with a bad line is not stored.'
        placeholder="Choose a .jsonl file"
        accept=".jsonl,application/jsonl,application/x-ndjson"
        value={null}
        onChange={send}
        resetRef={resetRef}
        disabled={upload.isPending}
        fileInputProps={{ 'aria-label': `Contexts file for round ${String(round.rid)}` }}
        maw={420}
      />
      {upload.isPending ? (
        <Text size="sm" c="dimmed" role="status">
          Uploading…
        </Text>
      ) : null}
      {latest && !upload.isPending ? (
        latest.error === undefined ? (
          <Alert color="green" variant="light" role="status">
            {plural(latest.count ?? 0, 'context')} added ({latest.file}).
          </Alert>
        ) : (
          <ServerProblems
            error={latest.error}
            title={`${latest.file} was not stored`}
            format={uploadDetailText}
          />
        )
      ) : null}
    </Stack>
  );
}

function RoundCard({ task, round }: { task: TaskDetail; round: OwnerRound }) {
  const exporter = useExport(task);
  const current = round.rid === task.cur_round;
  const titleId = `round-${String(round.rid)}-title`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="xs">
            <Title order={3} size="h5" id={titleId}>
              Round {round.rid}
            </Title>
            {current ? (
              <Badge color="teal" variant="light" tt="none">
                Current
              </Badge>
            ) : null}
          </Group>
          {round.desc && round.desc !== `Round ${String(round.rid)}` ? (
            <Text size="sm">{round.desc}</Text>
          ) : null}
          <Text size="xs" c="dimmed">
            Started {dateFormat.format(new Date(round.start_datetime))}
            {round.end_datetime ? `, ended ${dateFormat.format(new Date(round.end_datetime))}` : ''}
          </Text>
        </div>
        <Button
          variant="default"
          size="xs"
          onClick={() => exporter.mutate(round.rid)}
          loading={exporter.isPending}
        >
          Export round {round.rid}
        </Button>
      </Group>
      {round.longdesc ? (
        <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-line' }}>
          {round.longdesc}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 2, sm: 5 }} mt="sm" spacing="xs">
        <Text size="sm">
          Collected: <strong>{numberFormat.format(round.total_collected)}</strong>
        </Text>
        <Text size="sm">
          Fooled: <strong>{numberFormat.format(round.total_fooled)}</strong>
        </Text>
        <Text size="sm">
          Verified fooled: <strong>{numberFormat.format(round.total_verified_fooled)}</strong>
        </Text>
        <Text size="sm">
          Model error rate: <strong>{modelErrorRate(round)}%</strong>
        </Text>
        <Text size="sm">
          <strong>{plural(round.context_count, 'context')}</strong>
        </Text>
      </SimpleGrid>
      {exporter.isError ? <ErrorAlert title="The export failed" error={exporter.error} /> : null}
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
        <ContextsUpload task={task} round={round} />
      </div>
    </Paper>
  );
}

function CreateRound({ task }: { task: TaskDetail }) {
  const create = useCreateRound(task);
  const [longdesc, setLongdesc] = useState('');
  const [created, setCreated] = useState<number | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(
      { longdesc: longdesc.trim() || null },
      {
        onSuccess: (round) => {
          setCreated(round.rid);
          setLongdesc('');
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Create new round">
      <Stack gap="sm" maw={640}>
        <Title order={2} size="h4">
          New round
        </Title>
        <Text size="sm" c="dimmed">
          Data collection moves to the new round; contexts are not copied from the current one.
        </Text>
        {create.isError ? (
          <ErrorAlert title="The round was not created" error={create.error} />
        ) : null}
        {created !== null && create.isSuccess ? (
          <Alert color="green" variant="light" role="status">
            Round {created} was created and is now the current round.
          </Alert>
        ) : null}
        <Textarea
          label="Long description (optional)"
          autosize
          minRows={2}
          maxRows={8}
          value={longdesc}
          onChange={(event) => {
            setLongdesc(event.currentTarget.value);
            if (!create.isIdle) create.reset();
          }}
        />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Create new round
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** #rounds: every round with its figures, contexts upload and export; a new round. */
export function RoundsSection({ task }: { task: TaskDetail }) {
  const query = useAllRounds(task.id);
  const exporter = useExport(task);
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Rounds
          </Title>
          <Button
            variant="light"
            onClick={() => exporter.mutate(undefined)}
            loading={exporter.isPending}
          >
            Export all examples
          </Button>
        </Group>
        {exporter.isError ? <ErrorAlert title="The export failed" error={exporter.error} /> : null}
        <QueryStatus
          query={query}
          loadingLabel="Loading rounds…"
          errorTitle="Rounds could not be loaded"
        >
          {(rounds) =>
            rounds.length === 0 ? (
              <Text c="dimmed">This task has no round yet.</Text>
            ) : (
              <Stack gap="md">
                {[...rounds]
                  .sort((a, b) => b.rid - a.rid)
                  .map((round) => (
                    <RoundCard key={round.id} task={task} round={round} />
                  ))}
              </Stack>
            )
          }
        </QueryStatus>
      </Stack>
      <CreateRound task={task} />
    </Stack>
  );
}
