import { type FormEvent, useRef, useState } from 'react';
import {
  type Dataset,
  type DatasetCreated,
  type DatasetUpdateBody,
  type TaskDetail,
} from '@dynaloop/contract';
import { WEIGHT_RANGE } from '@dynaloop/contract/constants';
import { MESSAGES } from '@dynaloop/contract/messages';
import { datasetCreateParams } from '@dynaloop/contract/schemas';
import {
  Alert,
  Button,
  FileInput,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { QueryStatus } from '../../../components/QueryStatus';
import { fieldError } from '../../../lib/form';
import {
  useCreateDataset,
  useDatasetAccessTypes,
  useDatasetLogAccessTypes,
  useDeleteDataset,
  useTaskDatasets,
  useUpdateDataset,
} from '../api/datasets';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { TitledSection } from '../../../components/TitledSection';
import { ServerProblems, uploadDetailText } from '../../../components/ServerProblems';

const numberFormat = new Intl.NumberFormat('en-US');

function plural(count: number, word: string): string {
  return `${numberFormat.format(count)} ${word}${count === 1 ? '' : 's'}`;
}

interface RowProps {
  task: TaskDetail;
  dataset: Dataset;
  accessTypes: string[];
  logAccessTypes: string[];
  onChange: (dataset: Dataset, changes: DatasetUpdateBody) => void;
  onDelete: (dataset: Dataset) => void;
}

function DatasetRow({ task, dataset, accessTypes, logAccessTypes, onChange, onDelete }: RowProps) {
  const [weight, setWeight] = useState<number | string>(dataset.weight ?? '');
  const rounds = [
    { value: '0', label: 'None' },
    ...Array.from({ length: Math.max(task.cur_round, dataset.rid) }, (_, index) => ({
      value: String(index + 1),
      label: `Round ${String(index + 1)}`,
    })),
  ];

  function commitWeight() {
    const next = typeof weight === 'number' ? weight : null;
    if (next !== dataset.weight) onChange(dataset, { weight: next });
  }

  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {dataset.name}
      </Table.Th>
      <Table.Td>
        <Select
          aria-label={`Access type of ${dataset.name}`}
          data={accessTypes}
          value={dataset.access_type}
          onChange={(value) => {
            if (value && value !== dataset.access_type) {
              onChange(dataset, { access_type: value as Dataset['access_type'] });
            }
          }}
          allowDeselect={false}
          size="xs"
          w={120}
        />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={`Log access type of ${dataset.name}`}
          data={logAccessTypes}
          value={dataset.log_access_type}
          onChange={(value) => {
            if (value && value !== dataset.log_access_type) {
              onChange(dataset, { log_access_type: value as Dataset['log_access_type'] });
            }
          }}
          allowDeselect={false}
          size="xs"
          w={100}
        />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={`Round of ${dataset.name}`}
          data={rounds}
          value={String(dataset.rid)}
          onChange={(value) => {
            if (value !== null && Number(value) !== dataset.rid) {
              onChange(dataset, { rid: Number(value) });
            }
          }}
          allowDeselect={false}
          size="xs"
          w={110}
        />
      </Table.Td>
      <Table.Td ta="right">{numberFormat.format(dataset.line_count)}</Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={`Weight of ${dataset.name}`}
          min={WEIGHT_RANGE.min}
          max={WEIGHT_RANGE.max}
          step={0.5}
          decimalScale={2}
          clampBehavior="strict"
          placeholder="Default"
          value={weight}
          onChange={setWeight}
          onBlur={commitWeight}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commitWeight();
          }}
          size="xs"
          w={100}
        />
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => onDelete(dataset)}
          aria-label={`Delete ${dataset.name}`}
        >
          Delete
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

function DatasetsTable({ task, datasets }: { task: TaskDetail; datasets: Dataset[] }) {
  const accessTypes = useDatasetAccessTypes();
  const logAccessTypes = useDatasetLogAccessTypes();
  const update = useUpdateDataset(task.id);
  const remove = useDeleteDataset(task.id);
  const [deleting, setDeleting] = useState<Dataset | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function change(dataset: Dataset, changes: DatasetUpdateBody) {
    setNotice(null);
    update.mutate(
      { id: dataset.id, changes },
      { onSuccess: () => setNotice(`${dataset.name} was updated.`) },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    const { name } = deleting;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        setNotice(`${name} was deleted.`);
      },
    });
  }

  if (datasets.length === 0) return <Text c="dimmed">{MESSAGES.noDataFound}</Text>;
  return (
    <Stack gap="sm">
      {update.isError ? (
        <ServerProblems
          error={update.error}
          title="The dataset could not be updated"
          format={(d) => `${d.path}: ${d.message}`}
        />
      ) : null}
      {notice ? (
        <Text size="sm" c="teal.8" role="status">
          {notice}
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={720}>
        <Table aria-label="Datasets of this task" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Access type</Table.Th>
              <Table.Th>Log access</Table.Th>
              <Table.Th>Round</Table.Th>
              <Table.Th ta="right">Lines</Table.Th>
              <Table.Th>Weight</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {datasets.map((dataset) => (
              <DatasetRow
                key={`${String(dataset.id)}:${String(dataset.weight)}`}
                task={task}
                dataset={dataset}
                accessTypes={accessTypes.data ?? [dataset.access_type]}
                logAccessTypes={logAccessTypes.data ?? [dataset.log_access_type]}
                onChange={change}
                onDelete={(d) => {
                  remove.reset();
                  setDeleting(d);
                }}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmModal
        opened={deleting !== null}
        title="Delete dataset"
        confirmLabel="Delete dataset"
        color="red"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        loading={remove.isPending}
        error={remove.isError ? remove.error : undefined}
      >
        <Text size="sm">
          Delete {deleting?.name ?? ''}? Its file and every model score on it are removed. This
          cannot be undone.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}

function createdText(result: DatasetCreated): string {
  const { dataset } = result;
  return `Dataset ${dataset.name} stored: ${plural(dataset.line_count, 'line')}; ${plural(result.evaluations_queued, 'evaluation')} queued.`;
}

function UploadDataset({ task }: { task: TaskDetail }) {
  const create = useCreateDataset(task.id);
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ name?: string; file?: string }>({});
  const resetRef = useRef<() => void>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    const nameError = trimmed
      ? fieldError(datasetCreateParams.shape.name, trimmed)
      : MESSAGES.required;
    const fileError = file ? undefined : MESSAGES.required;
    setErrors({ name: nameError, file: fileError });
    if (nameError || fileError || !file) return;
    create.mutate(
      { name: trimmed, file },
      {
        onSuccess: () => {
          setName('');
          setFile(null);
          resetRef.current?.();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Upload dataset">
      <Stack gap="sm" maw={640}>
        <Title order={2} size="h4">
          Upload a dataset
        </Title>
        <Text size="sm" c="dimmed">
          A JSONL file with one example per line: a <code>uid</code>, a list of <code>tags</code>{' '}
          and the task&apos;s input fields. New datasets start hidden: choose their access type in
          the table once uploaded. Uploading under an existing name replaces that dataset.
        </Text>
        {create.isError ? (
          <ServerProblems
            error={create.error}
            title="The dataset was not stored"
            format={uploadDetailText}
          />
        ) : null}
        {create.isSuccess ? (
          <Alert color="green" variant="light" role="status">
            {createdText(create.data)}
            {create.data.updated_existing_dataset
              ? ' It replaced the existing dataset of that name.'
              : ''}
          </Alert>
        ) : null}
        <TextInput
          label="Dataset name"
          description="Letters, digits and dashes (at most 62)."
          withAsterisk
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setErrors((current) => ({ ...current, name: undefined }));
          }}
          error={errors.name}
        />
        <FileInput
          label="Dataset file (JSONL)"
          placeholder="Choose a .jsonl file"
          withAsterisk
          accept=".jsonl,application/jsonl,application/x-ndjson"
          value={file}
          onChange={(next) => {
            setFile(next);
            setErrors((current) => ({ ...current, file: undefined }));
            if (!create.isIdle) create.reset();
          }}
          resetRef={resetRef}
          clearable
          error={errors.file}
          fileInputProps={{ 'aria-label': 'Dataset file' }}
        />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Upload dataset
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** #datasets: the task's datasets, how each counts, and uploads of new ones. */
export function DatasetsSection({ task }: { task: TaskDetail }) {
  const query = useTaskDatasets(task.id);
  return (
    <Stack gap="xl">
      <TitledSection id="datasets-title" title="Datasets" size="h4">
        <QueryStatus
          query={query}
          loadingLabel="Loading datasets…"
          errorTitle="Datasets could not be loaded"
        >
          {(datasets) => <DatasetsTable task={task} datasets={datasets} />}
        </QueryStatus>
      </TitledSection>
      <UploadDataset task={task} />
    </Stack>
  );
}
