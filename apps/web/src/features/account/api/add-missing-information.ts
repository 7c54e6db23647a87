import { request } from '../../../shared/http/client.ts';
import type { MissingInformation } from './get-missing-information.ts';

/** POST /missing-information (signed-in spec 7.4): a date of birth we do not hold yet. */
export const addMissingInformation = (body: { dateOfBirth: string }) =>
  request<MissingInformation>('/customer-management-api/missing-information', { method: 'POST', body });
