import { useQuery } from '@tanstack/react-query';
import { accountPaths } from '@app/contracts/account-paths';
import { cpmPreferencesSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

export const advertisingQueryKey = ['account', 'advertising'] as const;

/** GET /contact-preferences/cpm?channel=ONLINEAD (docs/product/calls-and-errors.md §S7.4). */
export const getAdvertisingPreference = (redirectOnUnauthorized = true) =>
  request(accountPaths.onlineAdvertisingPreference, { schema: cpmPreferencesSchema, redirectOnUnauthorized });
/** On the public advertising pages a visitor without a session just sees no switch. */
export const useAdvertisingPreference = (signedInOnly: boolean, enabled = true) =>
  useQuery({
    queryKey: advertisingQueryKey,
    queryFn: () => getAdvertisingPreference(signedInOnly),
    retry: false,
    enabled,
  });
