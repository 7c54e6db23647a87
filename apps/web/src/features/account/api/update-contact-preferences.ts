import { accountPaths } from '@app/contracts/account-paths';
import type { NectarPreferences } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/** PUT /contact-preferences/nectar (docs/product/calls-and-errors.md §S7.4). */
export const updateContactPreferences = (body: NectarPreferences) =>
  request<NectarPreferences>(accountPaths.contactPreferences, { method: 'PUT', body });
