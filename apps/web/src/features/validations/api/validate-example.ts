import { type ValidationBody } from '@dynaloop/contract';
import { callApi } from '../../../lib/api-client';

/** PUT /validations/:id: correct, incorrect or flagged (owner mode decides alone). */
export function validateExample(id: number, body: ValidationBody) {
  return callApi('validateExample', { params: { id }, body });
}
