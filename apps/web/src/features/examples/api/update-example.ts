import { type ExampleUpdateBody } from '@dynaloop/contract';
import { callApi } from '../../../lib/api-client';

/** PUT /examples/:id: retract, flag, confirm fooling or add metadata to one's own example. */
export function updateExample(id: number, change: ExampleUpdateBody) {
  return callApi('updateExample', { params: { id }, body: change });
}
