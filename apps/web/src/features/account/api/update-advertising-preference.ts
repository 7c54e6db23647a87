import type { CpmPreferences } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/** POST /contact-preferences/cpm {contactPreferences:[{channel, consent}]} (signed-in spec 7.4). */
export const updateAdvertisingPreference = (consent: boolean) =>
  request<CpmPreferences>('/customer-management-api/contact-preferences/cpm', {
    method: 'POST',
    body: { contactPreferences: [{ channel: 'ONLINEAD', consent }] },
  });
