import { useQuery } from '@tanstack/react-query';
import type { RedemptionStatus } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

export const redemptionStatusQueryKey = ['account', 'redemption-status'] as const;

/** GET /v1/collectors/redemption-status (signed-in spec 7.4). */
export const getRedemptionStatus = () =>
  request<RedemptionStatus>('/customer-management-api/v1/collectors/redemption-status');
export const useRedemptionStatus = () =>
  useQuery({ queryKey: redemptionStatusQueryKey, queryFn: getRedemptionStatus });
