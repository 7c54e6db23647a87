import { queryOptions, useQuery } from '@tanstack/react-query';
import type { offersResponseSchema } from '@app/contracts/offers';
import { ALL_OFFERS_PATH } from '@app/contracts/page-answers';
import { request, type AnswerOf } from '../../../shared/http/client.ts';

export const offersQueryKey = ['offers', 'ALL'] as const;

/**
 * GET offers?type=ALL with timestamp (docs/product/calls-and-errors.md §S7.5): personalised and member-price
 * offers.
 */
export const getOffers = () =>
  // Unparsed: the homepage and the offers pages draw without zod (ADR 048); typed from the contract.
  request<AnswerOf<typeof offersResponseSchema>>(`${ALL_OFFERS_PATH}&timestamp=${Date.now()}`).then(
    (body) => body.offers,
  );

export const offersQueryOptions = () => queryOptions({ queryKey: offersQueryKey, queryFn: getOffers });
export const useOffers = () => useQuery(offersQueryOptions());
