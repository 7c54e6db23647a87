import { accountPaths } from '@app/contracts/account-paths';
import { nectarPreferencesSchema, type NectarPreferences } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/** PUT /contact-preferences/nectar (docs/product/calls-and-errors.md §S7.4). */
export const updateContactPreferences = (body: NectarPreferences) =>
  request(accountPaths.contactPreferences, { schema: nectarPreferencesSchema, method: 'PUT', body });
