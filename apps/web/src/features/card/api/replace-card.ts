import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardPaths } from '@app/contracts/card-paths';
import { type ReplacementType, cardNumberResultSchema } from '@app/contracts/card';
import { request } from '../../../shared/http/client.ts';

/** POST /customer-management-api/replacement-card?replacementType={type}[&cardType=KEYTAG]
 * (docs/product/calls-and-errors.md §S7.4). */
export const replaceCard = (replacementType: ReplacementType, cardType: 'CARD' | 'KEYTAG') =>
  request(cardPaths.replacement(new URLSearchParams({ replacementType, cardType })), {
    schema: cardNumberResultSchema,
    method: 'POST',
  });

export function useReplaceCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      replacementType,
      cardType,
    }: {
      replacementType: ReplacementType;
      cardType: 'CARD' | 'KEYTAG';
    }) => replaceCard(replacementType, cardType),
    // The number, the barcode and the profile all change with the card.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
