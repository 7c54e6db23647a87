import { useQuery } from '@tanstack/react-query';
import { accountPaths } from '@app/contracts/account-paths';
import type { RedemptionStatus } from '@app/contracts/account';
import { request } from '../http/client.ts';

/** One key for every reader of the lock: the account setting and the spend page. */
export const redemptionStatusQueryKey = ['account', 'redemption-status'] as const;

/** GET /v1/collectors/redemption-status (docs/product/calls-and-errors.md §S7.4). */
export const getRedemptionStatus = () => request<RedemptionStatus>(accountPaths.redemptionStatus);
export const useRedemptionStatus = () =>
  useQuery({ queryKey: redemptionStatusQueryKey, queryFn: getRedemptionStatus });
