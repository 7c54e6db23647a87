import { queryOptions, useQuery } from '@tanstack/react-query';
import type { offersResponseSchema } from '@app/contracts/offers';
import { PARTNER_OFFERS_PATH } from '@app/contracts/page-answers';
import { request, type AnswerOf } from '../../../shared/http/client.ts';

export const partnerOffersQueryKey = ['offers', 'COALITION'] as const;

/** GET shared offers?source=COALITION (docs/product/calls-and-errors.md §S7.5): partner offers. */
export const getPartnerOffers = () =>
  // Unparsed: the homepage and the offers pages draw without zod (ADR 048); typed from the contract.
  request<AnswerOf<typeof offersResponseSchema>>(PARTNER_OFFERS_PATH).then((body) => body.offers);

export const partnerOffersQueryOptions = () =>
  queryOptions({ queryKey: partnerOffersQueryKey, queryFn: getPartnerOffers });
export const usePartnerOffers = () => useQuery(partnerOffersQueryOptions());
