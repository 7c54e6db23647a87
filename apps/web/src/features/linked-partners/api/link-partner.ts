import { useMutation, useQueryClient } from '@tanstack/react-query';
import { linkedPartnersPaths } from '@app/contracts/linked-partners-paths';
import { flowResultSchema, type LinkRequest, type PartnerId } from '@app/contracts/linked-partners';
import { request } from '../../../shared/http/client.ts';
import { linkedPartnersQueryKey } from './get-linked-partners.ts';

/** POST /linked-partners-api/partners/{partnerId}/link: link type link (member number) or join. */
export const linkPartner = ({ partnerId, body }: { partnerId: PartnerId; body: LinkRequest }) =>
  request(linkedPartnersPaths.link(partnerId), { schema: flowResultSchema, method: 'POST', body });

export function useLinkPartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkPartner,
    onSettled: () => queryClient.invalidateQueries({ queryKey: linkedPartnersQueryKey }),
  });
}
