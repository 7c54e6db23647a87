import { queryOptions, useQuery } from '@tanstack/react-query';
import type { offersResponseSchema } from '@app/contracts/offers';
import { ALL_OFFERS_PATH, PARTNER_OFFERS_PATH } from '@app/contracts/page-answers';
import { request, type AnswerOf } from '../../../shared/http/client.ts';

/** The member's offers (personalised and partner) that take part in an event, by id. */
export const getEventOffers = async (offerIds: readonly string[]) => {
  const [own, partner] = await Promise.all([
    // Unparsed: the event pages draw without zod (ADR 048); typed from the contract.
    request<AnswerOf<typeof offersResponseSchema>>(`${ALL_OFFERS_PATH}&timestamp=${Date.now()}`),
    // Unparsed: the event pages draw without zod (ADR 048); typed from the contract.
    request<AnswerOf<typeof offersResponseSchema>>(PARTNER_OFFERS_PATH),
  ]);
  return [...own.offers, ...partner.offers].filter((offer) => offerIds.includes(offer.id));
};
export const eventOffersQueryOptions = (offerIds: readonly string[]) =>
  queryOptions({ queryKey: ['offers', 'event', ...offerIds], queryFn: () => getEventOffers(offerIds) });
export const useEventOffers = (offerIds: readonly string[], enabled: boolean) =>
  useQuery({ ...eventOffersQueryOptions(offerIds), enabled });
