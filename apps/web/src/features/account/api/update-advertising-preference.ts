import { accountPaths } from '@app/contracts/account-paths';
import type { CpmPreferences } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/**
 * POST /contact-preferences/cpm {contactPreferences:[{channel, consent}]}
 * (docs/product/calls-and-errors.md §S7.4).
 */
export const updateAdvertisingPreference = (consent: boolean) =>
  request<CpmPreferences>(accountPaths.advertisingPreference, {
    method: 'POST',
    body: { contactPreferences: [{ channel: 'ONLINEAD', consent }] },
  });
