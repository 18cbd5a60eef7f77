import { type TaskDetail } from '@dynaloop/contract';
import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { taskPath } from '../paths';

interface Action {
  label: string;
  to: string;
}

/** The actions a task's flags offer, in the order the task page shows them. */
export function taskActions(task: TaskDetail): Action[] {
  const code = taskPath(task.task_code);
  const id = `/tasks/${String(task.id)}`;
  const actions: Array<Action | false> = [
    task.dynamic_adversarial_data_collection && { label: 'Create examples', to: `${code}/create` },
    task.dynamic_adversarial_data_collection &&
      task.dynamic_adversarial_data_validation && {
        label: 'Validate examples',
        to: `${code}/validate`,
      },
    task.submitable &&
      !task.has_train_file_upload && {
        label: 'Upload model',
        to: `${code}/uploadModel`,
      },
    task.has_predictions_upload && {
      label: 'Submit predictions',
      to: `${id}/submit_predictions`,
    },
    task.has_train_file_upload && { label: 'Submit train files', to: `${id}/submit_train_files` },
  ];
  return actions.filter((action): action is Action => action !== false);
}

/** Links to what one can do on an active task: create, validate, submit. */
export function TaskActions({ task }: { task: TaskDetail }) {
  const actions = taskActions(task);
  if (actions.length === 0) return null;
  return (
    <Group gap="sm" component="nav" aria-label="Task actions">
      {actions.map((action, index) => (
        <Button
          key={action.to}
          component={Link}
          to={action.to}
          variant={index === 0 ? 'filled' : 'light'}
        >
          {action.label}
        </Button>
      ))}
    </Group>
  );
}
