import { useQuery } from '@tanstack/react-query';
import { accountPaths } from '@app/contracts/account-paths';
import { nectarPreferencesSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

export const contactPreferencesQueryKey = ['account', 'contact-preferences'] as const;

/** GET /contact-preferences/nectar (docs/product/calls-and-errors.md §S7.4). */
export const getContactPreferences = () =>
  request(accountPaths.contactPreferences, { schema: nectarPreferencesSchema });
export const useContactPreferences = () =>
  useQuery({ queryKey: contactPreferencesQueryKey, queryFn: getContactPreferences });
