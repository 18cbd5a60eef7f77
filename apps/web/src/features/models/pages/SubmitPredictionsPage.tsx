import { type TaskDetail } from '@dynaloop/contract';
import { outputFields, parseTaskConfig } from '@dynaloop/contract/task-config';
import {
  Alert,
  Anchor,
  Button,
  Code,
  Container,
  FileInput,
  List,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { QueryErrorAlert } from '../../../components/ErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage, isApiError } from '../../../lib/api';
import { type ApiError } from '../../../lib/http';
import { RequireLogin } from '../../auth/components/RequireLogin';
import { useTask } from '../../tasks/api/get-task';
import { taskPath } from '../../tasks/paths';
import { uploadPredictions } from '../api/models';
import { modelPath } from '../paths';

/** One example line of a predictions file, from the task's output fields. */
export function expectedLine(task: TaskDetail): string {
  const parsed = parseTaskConfig(task.config_yaml);
  if (!parsed.ok) return '{"uid": "…"}';
  const example: Record<string, unknown> = { uid: 'the uid of the dataset line' };
  for (const f of outputFields(parsed.config)) {
    if (f.type === 'prob') {
      // Probabilities are optional; shown so that their shape is known.
      example[f.name] = f.single_prob ? 0.9 : '{label: probability, …} (optional)';
      continue;
    }
    if (f.labels?.length) example[f.name] = f.labels.join(' | ');
    else example[f.name] = `your ${f.name}`;
  }
  return JSON.stringify(example);
}

function Problems({ error }: { error: ApiError }) {
  const details = error.body.details ?? [];
  if (error.status === 429) {
    const next = details.find((d) => d.path === 'next_submission_at');
    return (
      <Alert color="red" title={error.message} role="alert">
        {next ? `You can submit again after ${next.message}.` : null}
      </Alert>
    );
  }
  return (
    <Alert color="red" title="The predictions were not stored" role="alert">
      <Text size="sm">{error.message}</Text>
      {details.length ? (
        <List size="sm" mt="xs" aria-label="Problems">
          {details.map((d) => (
            <List.Item key={`${d.path}:${d.message}`}>
              {d.path}: {d.message}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Alert>
  );
}

function SubmitForm({ task }: { task: TaskDetail }) {
  const [name, setName] = useState('');
  const [files, setFiles] = useState<Record<string, File | null>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [created, setCreated] = useState<number | null>(null);
  const scoring = new Set(task.ordered_scoring_datasets.map((d) => d.id));
  const datasets = [...task.ordered_datasets].sort(
    (a, b) => Number(scoring.has(b.id)) - Number(scoring.has(a.id)),
  );
  const ready =
    name.trim() !== '' &&
    task.ordered_scoring_datasets.every((d) => files[d.name]) &&
    progress === null;
  const submit = () => {
    const chosen = Object.fromEntries(
      Object.entries(files).filter((e): e is [string, File] => e[1] !== null),
    );
    setError(null);
    setProgress(0);
    uploadPredictions(task.id, name.trim(), chosen, setProgress)
      .then((result) => setCreated(result.model_id))
      .catch((e: unknown) => setError(e))
      .finally(() => setProgress(null));
  };
  if (created !== null) {
    return (
      <Alert color="green" title="Your predictions were submitted" role="status">
        They are being evaluated now.{' '}
        <Anchor component={Link} to={modelPath(created)}>
          Go to your model’s page
        </Anchor>{' '}
        to watch the evaluation and see the scores.
      </Alert>
    );
  }
  return (
    <form
      aria-label="Submit predictions"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) submit();
      }}
    >
      <Stack gap="md" maw={720}>
        <Text size="sm">
          One JSON-lines file per dataset: a line per example of the dataset, with its{' '}
          <Code>uid</Code> and the task’s output fields, e.g.
        </Text>
        <Code block>{expectedLine(task)}</Code>
        {isApiError(error) ? (
          <Problems error={error} />
        ) : error ? (
          <Alert color="red">{errorMessage(error)}</Alert>
        ) : null}
        <TextInput
          label="Model name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        {datasets.map((d) => (
          <FileInput
            key={d.id}
            label={`${d.name}${scoring.has(d.id) ? '' : ' (optional)'}`}
            required={scoring.has(d.id)}
            accept=".jsonl,.json,application/x-ndjson,application/json,text/plain"
            placeholder="Choose a .jsonl file"
            value={files[d.name] ?? null}
            onChange={(f) => setFiles((all) => ({ ...all, [d.name]: f }))}
            clearable
          />
        ))}
        {progress !== null ? (
          <Stack gap={4}>
            <Progress value={progress * 100} aria-label="Upload progress" />
            <Text size="sm">
              {progress >= 0.5 ? 'We are processing your predictions…' : 'Uploading…'}
            </Text>
          </Stack>
        ) : null}
        <div>
          <Button type="submit" disabled={!ready}>
            Submit
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function Submission({ taskId }: { taskId: string }) {
  const query = useTask(taskId);
  useDocumentTitle(query.data ? `Submit predictions · ${query.data.name}` : 'Submit predictions');
  if (query.isPending) return <PageLoader label="Loading the task…" />;
  if (query.isError) {
    if (isApiError(query.error) && [404, 405].includes(query.error.status))
      return <Navigate to="/" replace />;
    return <QueryErrorAlert title="The task could not be loaded" query={query} />;
  }
  const task = query.data;
  return (
    <Stack gap="md">
      <Title order={1}>Submit predictions</Title>
      <Anchor component={Link} to={taskPath(task.task_code)}>
        {task.name}
      </Anchor>
      {task.has_predictions_upload ? (
        <SubmitForm task={task} />
      ) : (
        <Alert color="yellow">This task does not accept prediction files.</Alert>
      )}
    </Stack>
  );
}

/** /tasks/:taskId/submit_predictions: a model builder uploads predictions per dataset. */
export function SubmitPredictionsPage() {
  const { taskId = '' } = useParams();
  return (
    <RequireLogin src={`/tasks/${taskId}/submit_predictions`}>
      <Container size="lg" py="xl">
        <Submission taskId={taskId} />
      </Container>
    </RequireLogin>
  );
}
