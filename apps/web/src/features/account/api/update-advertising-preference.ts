import { accountPaths } from '@app/contracts/account-paths';
import { cpmPreferencesSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/**
 * POST /contact-preferences/cpm {contactPreferences:[{channel, consent}]}
 * (docs/product/calls-and-errors.md §S7.4).
 */
export const updateAdvertisingPreference = (consent: boolean) =>
  request(accountPaths.advertisingPreference, {
    schema: cpmPreferencesSchema,
    method: 'POST',
    body: { contactPreferences: [{ channel: 'ONLINEAD', consent }] },
  });
