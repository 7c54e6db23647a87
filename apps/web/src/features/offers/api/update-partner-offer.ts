import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offersPaths } from '@app/contracts/offers-paths';
import type { Offer, offerStateResultSchema } from '@app/contracts/offers';
import { request, type AnswerOf } from '../../../shared/http/client.ts';
import { partnerOffersQueryKey } from './get-partner-offers.ts';

/** PUT /coalition/offer/state: opt in to one partner's offer (docs/product/calls-and-errors.md §S7.5). */
export const optInToPartnerOffer = (offer: Pick<Offer, 'id' | 'partnerId'>) =>
  // Unparsed: the homepage and the offers pages draw without zod (ADR 048); typed from the contract.
  request<AnswerOf<typeof offerStateResultSchema>>(offersPaths.partnerState, {
    method: 'PUT',
    body: {
      offers: [{ id: offer.id, state: 'OPTEDIN', offerId: offer.id, partnerId: offer.partnerId ?? '' }],
    },
  });

/** PUT and DELETE /coalition/offer/{id}/bookmark. */
export const setPartnerOfferBookmark = (offerId: string, bookmarked: boolean) =>
  // Unparsed: the homepage and the offers pages draw without zod (ADR 048); typed from the contract.
  request<Offer>(offersPaths.partnerBookmark(offerId), {
    method: bookmarked ? 'PUT' : 'DELETE',
  });

export function useOptInToPartnerOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: optInToPartnerOffer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnerOffersQueryKey }),
  });
}

export function useSetPartnerOfferBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, bookmarked }: { offerId: string; bookmarked: boolean }) =>
      setPartnerOfferBookmark(offerId, bookmarked),
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnerOffersQueryKey }),
  });
}
