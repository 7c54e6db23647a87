import { useQuery } from '@tanstack/react-query';
import { accountPaths } from '@app/contracts/account-paths';
import { missingInformationSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';
export const missingInformationQueryKey = ['account', 'missing-information'] as const;

/** GET /missing-information (docs/product/calls-and-errors.md §S7.4): details we do not hold yet. */
export const getMissingInformation = () =>
  request(accountPaths.missingInformation, { schema: missingInformationSchema });
export const useMissingInformation = () =>
  useQuery({ queryKey: missingInformationQueryKey, queryFn: getMissingInformation });
