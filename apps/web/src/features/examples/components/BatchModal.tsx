import { useRef, useState } from 'react';
import { type TaskConfig } from '@dynaloop/contract';
import { Alert, Button, FileInput, Group, List, Modal, Progress, Stack, Text } from '@mantine/core';
import { type Submission } from '../api/submit';
import { batchProblemText, type BatchCheck, checkBatch } from '../lib/batch';
import { editableInputs, type FieldValues } from '../lib/fields';
import { submissionErrorText } from './SubmissionError';

/** At most this many problems are listed (the file is refused whatever their number). */
const MAX_LISTED_PROBLEMS = 100;

interface BatchModalProps {
  opened: boolean;
  onClose: () => void;
  config: TaskConfig;
  context: FieldValues;
  live: boolean;
  submit: (input: FieldValues) => Promise<Submission>;
  onSubmitted: (submission: Submission) => void;
}

interface Run {
  done: number;
  total: number;
  running: boolean;
  failure: string | null;
}

function readText(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/**
 * "Batch submissions": a JSONL file of inputs, every line checked against the configuration
 * before anything is sent; then each line goes through the model and (in Live Mode) is stored.
 */
export function BatchModal({
  opened,
  onClose,
  config,
  context,
  live,
  submit,
  onSubmitted,
}: BatchModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<BatchCheck | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const stopRef = useRef(false);
  const running = run?.running === true;
  const fieldNames = editableInputs(config).map((f) => f.name);

  async function choose(next: File | null) {
    setFile(next);
    setCheck(null);
    setRun(null);
    setReadError(null);
    if (!next) return;
    try {
      setCheck(checkBatch(await readText(next), config, context));
    } catch {
      setReadError('The file could not be read.');
    }
  }

  async function start() {
    if (!check || check.problems.length > 0) return;
    stopRef.current = false;
    const total = check.lines.length;
    setRun({ done: 0, total, running: true, failure: null });
    for (const [index, { line, input }] of check.lines.entries()) {
      if (stopRef.current) {
        setRun({ done: index, total, running: false, failure: 'Stopped.' });
        return;
      }
      try {
        onSubmitted(await submit(input));
      } catch (error) {
        setRun({
          done: index,
          total,
          running: false,
          failure: `line ${String(line)}: ${submissionErrorText(error)}`,
        });
        return;
      }
      setRun({ done: index + 1, total, running: true, failure: null });
    }
    setRun({ done: total, total, running: false, failure: null });
  }

  const problems = check?.problems ?? [];
  const verb = live ? 'submitted' : 'sent to the model';
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!running) onClose();
      }}
      title="Batch submissions"
      size="lg"
      centered
      closeOnClickOutside={!running}
      closeOnEscape={!running}
    >
      <Stack gap="md">
        <Text size="sm">
          Upload a JSONL file: one JSON object per line with the input fields (
          {fieldNames.join(', ')}), written for the context on the page. Every line is checked
          before anything is sent.
        </Text>
        {live ? null : (
          <Alert color="yellow" variant="light">
            Sandbox mode: the lines are sent to the model only, nothing is stored.
          </Alert>
        )}
        <FileInput
          label="Examples file"
          placeholder="Choose a .jsonl file"
          accept=".jsonl,.json,.txt,application/jsonl,application/x-ndjson"
          value={file}
          onChange={(next) => void choose(next)}
          disabled={running}
          clearable
          fileInputProps={{ 'aria-label': 'JSONL file of examples' }}
        />
        {readError ? (
          <Alert color="red" variant="light" role="alert">
            {readError}
          </Alert>
        ) : null}
        {problems.length > 0 ? (
          <Alert color="red" variant="light" role="alert" title="Nothing was sent">
            <Text size="sm" mb="xs">
              Fix{' '}
              {problems.length === 1 ? 'this problem' : `these ${String(problems.length)} problems`}{' '}
              and choose the file again:
            </Text>
            <List size="sm" spacing={2}>
              {problems.slice(0, MAX_LISTED_PROBLEMS).map((problem, index) => (
                <List.Item key={index}>{batchProblemText(problem)}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        {check && problems.length === 0 && !run ? (
          <Text size="sm" role="status">
            {check.lines.length} {check.lines.length === 1 ? 'example is' : 'examples are'} ready.
          </Text>
        ) : null}
        {run ? (
          <Stack gap={4}>
            <Progress
              value={run.total === 0 ? 0 : (100 * run.done) / run.total}
              aria-label="Batch progress"
            />
            <Text size="sm" role="status">
              {run.done} / {run.total} {verb}
            </Text>
            {run.failure ? (
              <Alert color="red" variant="light" role="alert" title="The batch stopped">
                {run.failure}
              </Alert>
            ) : null}
          </Stack>
        ) : null}
        <Group justify="flex-end">
          {running ? (
            <Button variant="default" onClick={() => (stopRef.current = true)}>
              Stop
            </Button>
          ) : (
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          )}
          <Button
            onClick={() => void start()}
            disabled={!check || problems.length > 0 || running || run !== null}
            loading={running}
          >
            {live ? 'Submit all' : 'Send all to the model'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
