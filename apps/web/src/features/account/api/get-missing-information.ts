import { useQuery } from '@tanstack/react-query';
import type { MISSING_FIELDS } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

export type MissingInformation = { missing: (typeof MISSING_FIELDS)[number][] };
export const missingInformationQueryKey = ['account', 'missing-information'] as const;

/** GET /missing-information (signed-in spec 7.4): details we do not hold yet. */
export const getMissingInformation = () =>
  request<MissingInformation>('/customer-management-api/missing-information');
export const useMissingInformation = () =>
  useQuery({ queryKey: missingInformationQueryKey, queryFn: getMissingInformation });
