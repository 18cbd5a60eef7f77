import { useParams } from 'react-router';
import { RequireLogin } from '../../auth/components/RequireLogin';
import { TaskGate } from '../../examples/components/TaskGate';
import { taskPath } from '../../tasks/paths';
import { ValidateWorkspace } from '../components/ValidateWorkspace';

/** /tasks/:taskCode/validate: judge other contributors' examples (login required). */
export function ValidateExamplesPage() {
  const { taskCode = '' } = useParams();
  return (
    <RequireLogin src={`${taskPath(taskCode)}/validate`}>
      <TaskGate taskCode={taskCode} page="validate" title="Validate examples">
        {(task, config) => <ValidateWorkspace key={task.id} task={task} config={config} />}
      </TaskGate>
    </RequireLogin>
  );
}
