import { Alert, Text } from '@mantine/core';

/** What each deployment status means to the people reading a model page (spec §4). */
export const DEPLOYMENT_STATUS_TEXT: Record<string, string> = {
  uploaded: 'Uploaded: the model is not deployed yet.',
  processing: 'Deploying: the model is being deployed.',
  created: 'Created: the model can be evaluated, but is not available for interaction.',
  deployed: 'Deployed: you can interact with the model.',
  predictions_upload: 'Only predictions uploaded: this model is a file of predictions.',
  takendown: 'Taken down: the model could not return predictions on all datasets.',
  takendownnonactive: 'Taken down due to inactivity.',
  failed: 'Failed: the model could not be deployed.',
};

export function DeploymentStatus({ status }: { status: string }) {
  const text = DEPLOYMENT_STATUS_TEXT[status];
  if (!text) {
    return (
      <Alert color="yellow" title="Unknown deployment status" role="alert">
        This model reports the status “{status}”, which this page does not know.
      </Alert>
    );
  }
  return <Text>{text}</Text>;
}
