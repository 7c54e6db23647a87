import { accountPaths } from '@app/contracts/account-paths';
import { customerSchema, type UpdateName } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/** PUT /customer (docs/product/calls-and-errors.md §S7.4): title, first name, last name. */
export const updateName = (body: UpdateName) =>
  request(accountPaths.name, { schema: customerSchema, method: 'PUT', body });
