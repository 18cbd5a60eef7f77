import { type ReactNode, useMemo } from 'react';
import { type TaskConfig, type TaskDetail } from '@dynaloop/contract';
import { MESSAGES } from '@dynaloop/contract/messages';
import { parseTaskConfig } from '@dynaloop/contract/task-config';
import { Alert, Anchor, Container, Stack, Title } from '@mantine/core';
import { Link, Navigate, useLocation } from 'react-router';
import { QueryErrorAlert } from '../../../components/ErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isApiError } from '../../../lib/api';
import { useTask } from '../../tasks/api/get-task';
import { taskPath } from '../../tasks/paths';

interface TaskGateProps {
  taskCode: string;
  /** The page's own path segment after the task code: "create" or "validate". */
  page: 'create' | 'validate';
  title: string;
  children: (task: TaskDetail, config: TaskConfig) => ReactNode;
}

function Usable({
  task,
  children,
}: {
  task: TaskDetail;
  children: (config: TaskConfig) => ReactNode;
}) {
  const parsed = useMemo(() => parseTaskConfig(task.config_yaml), [task.config_yaml]);
  if (!task.active || !parsed.ok) {
    return (
      <Stack gap="lg">
        <Title order={1}>{task.name}</Title>
        {task.active ? (
          <Alert color="red" variant="light" role="alert">
            This task has no valid configuration yet.
          </Alert>
        ) : (
          <Alert color="yellow" variant="light" role="status">
            {MESSAGES.taskNotActive}
          </Alert>
        )}
      </Stack>
    );
  }
  return children(parsed.config);
}

/**
 * Loads the task of a collection page: 404 goes home, another code in the URL is replaced by
 * the canonical one, an inactive task or one without a valid configuration is explained.
 */
export function TaskGate({ taskCode, page, title, children }: TaskGateProps) {
  const { search } = useLocation();
  const query = useTask(taskCode);
  const task = query.data;
  useDocumentTitle(task ? `${title} · ${task.name}` : title);

  if (query.isPending) return <PageLoader label="Loading task…" />;
  if (query.isError) {
    if (isApiError(query.error) && [404, 405].includes(query.error.status)) {
      return <Navigate to="/" replace />;
    }
    return (
      <Container size="lg" py="xl">
        <QueryErrorAlert title="The task could not be loaded" query={query} />
      </Container>
    );
  }
  if (query.data.task_code !== taskCode) {
    return <Navigate to={`${taskPath(query.data.task_code)}/${page}${search}`} replace />;
  }
  return (
    <Container size="lg" py="xl">
      <Anchor
        component={Link}
        to={taskPath(query.data.task_code)}
        size="sm"
        mb="md"
        display="inline-block"
      >
        <span aria-hidden="true">← </span>
        {query.data.name}
      </Anchor>
      <Usable task={query.data}>{(config) => children(query.data, config)}</Usable>
    </Container>
  );
}
