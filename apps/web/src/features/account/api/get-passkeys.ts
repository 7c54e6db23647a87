import { useQuery } from '@tanstack/react-query';
import { PASSKEY_PATHS, passkeysSchema } from '@app/contracts/passkeys';
import { request } from '../../../shared/http/client.ts';

export const passkeysQueryKey = ['account', 'passkeys'] as const;

/** GET /customer-management-api/passkeys: the member's passkeys (the security page, ADR 029). */
export const getPasskeys = () => request(PASSKEY_PATHS.list, { schema: passkeysSchema });
export const usePasskeys = () => useQuery({ queryKey: passkeysQueryKey, queryFn: getPasskeys });
