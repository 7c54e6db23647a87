import { queryOptions, useQuery } from '@tanstack/react-query';
import { offersPaths } from '@app/contracts/offers-paths';
import type { Offer } from '@app/contracts/offers';
import { request } from '../../../shared/http/client.ts';

/** GET /offers/{id} (docs/product/calls-and-errors.md §S7.5). */
export const getOffer = (offerId: string) =>
  // Unparsed: the homepage and the offers pages draw without zod (ADR 048); typed from the contract.
  request<Offer>(offersPaths.offer(offerId));
export const offerQueryOptions = (offerId: string) =>
  queryOptions({ queryKey: ['offers', 'one', offerId], queryFn: () => getOffer(offerId) });
export const useOffer = (offerId: string) => useQuery(offerQueryOptions(offerId));
