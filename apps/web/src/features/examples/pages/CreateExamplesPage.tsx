import { useParams, useSearchParams } from 'react-router';
import { CreateWorkspace } from '../components/CreateWorkspace';
import { TaskGate } from '../components/TaskGate';

/** The model chosen in the URL (`?model=<id>`, from a model's page), if any. */
function requestedModel(value: string | null): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** /tasks/:taskCode/create: write examples that fool a model in the loop. */
export function CreateExamplesPage() {
  const { taskCode = '' } = useParams();
  const [searchParams] = useSearchParams();
  return (
    <TaskGate taskCode={taskCode} page="create" title="Create examples">
      {(task, config) => (
        <CreateWorkspace
          key={task.id}
          task={task}
          config={config}
          requestedModel={requestedModel(searchParams.get('model'))}
        />
      )}
    </TaskGate>
  );
}
