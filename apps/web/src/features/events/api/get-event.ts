import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketingPaths } from '@app/contracts/marketing-paths';
import type { MarketingEvent } from '@app/contracts/marketing';
import { request } from '../../../shared/http/client.ts';

/** GET /marketing-api/events/{eventId} (ADR 015). */
export const getEvent = (eventId: string) =>
  // Unparsed: the event pages draw without zod (ADR 048); typed from the contract.
  request<MarketingEvent>(marketingPaths.event(eventId));
export const eventQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: ['marketing', 'events', eventId],
    queryFn: () => getEvent(eventId),
    retry: false,
  });
export const useEvent = (eventId: string) => useQuery(eventQueryOptions(eventId));
