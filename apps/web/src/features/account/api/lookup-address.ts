import type { Address } from '@app/contracts/registration';
import { request } from '../../../shared/http/client.ts';

/** POST address lookup {building, postcode} (signed-in spec 7.4 "Address"). */
export const lookupAddress = (body: { building: string; postcode: string }) =>
  request<{ addresses: Address[] }>('/customer-management-api/address-lookup', { method: 'POST', body });
