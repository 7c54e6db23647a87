import { queryOptions, useQuery } from '@tanstack/react-query';
import { offersPaths } from '@app/contracts/offers-paths';
import type { featureStateSchema } from '@app/contracts/platform-status';
import { request, type AnswerOf } from '../../../shared/http/client.ts';

/**
 * The member-price availability call (docs/product/calls-and-errors.md §S7.5): GET
 * /anonymous-platform-status-api/feature/detailed-states/NECTAR_PRICES. When it fails the prices stay shown:
 * the offers list itself is the authority on what the collector can use.
 */
export const memberPricesStateQueryOptions = () =>
  queryOptions({
    queryKey: ['feature-state', 'NECTAR_PRICES'],
    // Unparsed: the supermarket offers page draws without zod (ADR 048); typed from the contract.
    queryFn: () => request<AnswerOf<typeof featureStateSchema>>(offersPaths.memberPricesState),
    staleTime: 60_000,
    retry: false,
  });
export const useMemberPricesState = () => useQuery(memberPricesStateQueryOptions());
