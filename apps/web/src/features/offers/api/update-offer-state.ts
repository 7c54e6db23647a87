import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offersPaths } from '@app/contracts/offers-paths';
import type { OfferState, OfferSummary, offerStateResultSchema } from '@app/contracts/offers';
import { request, type AnswerOf } from '../../../shared/http/client.ts';
import { offersQueryKey } from './get-offers.ts';

type Change = { id: string; state: Extract<OfferState, 'LOADED' | 'UNLOADED' | 'HIDDEN' | 'PINNED'> };

/**
 * PUT /offer/state {offers:[{id, state}]} (docs/product/calls-and-errors.md §S7.5): load, unload, hide,
 * unhide, pin, unpin, bulk load.
 */
export const updateOfferState = (offers: Change[]) =>
  // Unparsed: the homepage and the offers pages draw without zod (ADR 048); typed from the contract.
  request<AnswerOf<typeof offerStateResultSchema>>(offersPaths.state, {
    method: 'PUT',
    body: { offers },
  });

/** Shows the new state at once and puts the old one back if the server refuses. */
export function useUpdateOfferState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOfferState,
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: offersQueryKey });
      const previous = queryClient.getQueryData<OfferSummary[]>(offersQueryKey);
      const next = new Map(changes.map((change) => [change.id, change.state]));
      queryClient.setQueryData<OfferSummary[]>(offersQueryKey, (offers) =>
        offers?.map((offer) =>
          next.has(offer.id) ? { ...offer, state: next.get(offer.id) ?? offer.state } : offer,
        ),
      );
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(offersQueryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: offersQueryKey }),
  });
}
