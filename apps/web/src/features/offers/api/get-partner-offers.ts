import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfferSummary } from '@app/contracts/offers';
import { PARTNER_OFFERS_PATH } from '@app/contracts/page-answers';
import { request } from '../../../shared/http/client.ts';

export const partnerOffersQueryKey = ['offers', 'COALITION'] as const;

/** GET shared offers?source=COALITION (signed-in spec 7.5): partner offers. */
export const getPartnerOffers = () =>
  request<{ offers: OfferSummary[] }>(PARTNER_OFFERS_PATH).then((body) => body.offers);

export const partnerOffersQueryOptions = () =>
  queryOptions({ queryKey: partnerOffersQueryKey, queryFn: getPartnerOffers });
export const usePartnerOffers = () => useQuery(partnerOffersQueryOptions());
