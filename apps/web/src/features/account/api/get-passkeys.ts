import { useQuery } from '@tanstack/react-query';
import { PASSKEY_PATHS, type Passkey } from '@app/contracts/passkeys';
import { request } from '../../../shared/http/client.ts';

export const passkeysQueryKey = ['account', 'passkeys'] as const;

/** GET /customer-management-api/passkeys: the member's passkeys (the security page, issue 33). */
export const getPasskeys = () => request<{ passkeys: Passkey[] }>(PASSKEY_PATHS.list);
export const usePasskeys = () => useQuery({ queryKey: passkeysQueryKey, queryFn: getPasskeys });
