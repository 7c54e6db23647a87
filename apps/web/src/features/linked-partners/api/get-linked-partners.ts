import { queryOptions, useQuery } from '@tanstack/react-query';
import { linkedPartnersPaths } from '@app/contracts/linked-partners-paths';
import { linkedPartnersResponseSchema } from '@app/contracts/linked-partners';
import { request } from '../../../shared/http/client.ts';

export const linkedPartnersQueryKey = ['linked-partners'] as const;

/** GET /linked-partners-api/partners (ADR 013): both partners with the member's links and balances. */
export const getLinkedPartners = () =>
  request(linkedPartnersPaths.partners, { schema: linkedPartnersResponseSchema });

export const linkedPartnersQueryOptions = () =>
  queryOptions({ queryKey: linkedPartnersQueryKey, queryFn: getLinkedPartners });
export const useLinkedPartners = () => useQuery(linkedPartnersQueryOptions());
