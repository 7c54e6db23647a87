import { useMutation, useQueryClient } from '@tanstack/react-query';
import { linkedPartnersPaths } from '@app/contracts/linked-partners-paths';
import { flowResultSchema, type PartnerId } from '@app/contracts/linked-partners';
import { request } from '../../../shared/http/client.ts';
import { linkedPartnersQueryKey } from './get-linked-partners.ts';

/** DELETE /linked-partners-api/partners/{partnerId}/link. */
export const unlinkPartner = (partnerId: PartnerId) =>
  request(linkedPartnersPaths.link(partnerId), { schema: flowResultSchema, method: 'DELETE' });

export function useUnlinkPartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkPartner,
    onSettled: () => queryClient.invalidateQueries({ queryKey: linkedPartnersQueryKey }),
  });
}
