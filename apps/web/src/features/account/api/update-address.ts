import { accountPaths } from '@app/contracts/account-paths';
import { customerSchema } from '@app/contracts/account';
import type { Address } from '@app/contracts/registration';
import { request } from '../../../shared/http/client.ts';

/** PUT customer-address (docs/product/calls-and-errors.md §S7.4 "Address"): an address the lookup gave. */
export const updateAddress = (address: Address) =>
  request(accountPaths.address, { schema: customerSchema, method: 'PUT', body: { address } });
