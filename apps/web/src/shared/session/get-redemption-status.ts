import { useQuery } from '@tanstack/react-query';
import { accountPaths } from '@app/contracts/account-paths';
import type { redemptionStatusSchema } from '@app/contracts/account';
import { request, type AnswerOf } from '../http/client.ts';

/** One key for every reader of the lock: the account setting and the spend page. */
export const redemptionStatusQueryKey = ['account', 'redemption-status'] as const;

/** GET /v1/collectors/redemption-status (docs/product/calls-and-errors.md §S7.4). */
export const getRedemptionStatus = () =>
  // Unparsed: parsing would bring the whole account contract to the spend page's first render, which uses none
  // of it (ADR 049); typed from the contract.
  request<AnswerOf<typeof redemptionStatusSchema>>(accountPaths.redemptionStatus);
export const useRedemptionStatus = () =>
  useQuery({ queryKey: redemptionStatusQueryKey, queryFn: getRedemptionStatus });
