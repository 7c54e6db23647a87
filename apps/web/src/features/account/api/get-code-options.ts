import { useQuery } from '@tanstack/react-query';
import { twoFaOptionsSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/** Where a security code can go: the member's current email and mobile, masked. */
export const getCodeOptions = () =>
  request('/customer-management-api/2fa/options', { schema: twoFaOptionsSchema });
export const useCodeOptions = () =>
  useQuery({ queryKey: ['account', 'code-options'], queryFn: getCodeOptions });
