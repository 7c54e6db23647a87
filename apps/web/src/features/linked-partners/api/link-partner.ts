import { useMutation, useQueryClient } from '@tanstack/react-query';
import { linkedPartnersPaths } from '@app/contracts/linked-partners-paths';
import type { FlowResult, LinkRequest, PartnerId } from '@app/contracts/linked-partners';
import { request } from '../../../shared/http/client.ts';
import { linkedPartnersQueryKey } from './get-linked-partners.ts';

/** POST /linked-partners-api/partners/{partnerId}/link: link type link (member number) or join. */
export const linkPartner = ({ partnerId, body }: { partnerId: PartnerId; body: LinkRequest }) =>
  request<FlowResult>(linkedPartnersPaths.link(partnerId), { method: 'POST', body });

export function useLinkPartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkPartner,
    onSettled: () => queryClient.invalidateQueries({ queryKey: linkedPartnersQueryKey }),
  });
}
