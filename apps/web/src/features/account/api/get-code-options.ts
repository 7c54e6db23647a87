import { useQuery } from '@tanstack/react-query';
import { accountPaths } from '@app/contracts/account-paths';
import { twoFaOptionsSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/** Where a security code can go: the member's current email and mobile, masked. */
export const getCodeOptions = () => request(accountPaths.codeOptions, { schema: twoFaOptionsSchema });
export const useCodeOptions = () =>
  useQuery({ queryKey: ['account', 'code-options'], queryFn: getCodeOptions });
