import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketingEvent } from '@app/contracts/marketing';
import { request } from '../../../shared/http/client.ts';

/** GET /marketing-api/events/{eventId} (ADR 015). */
export const getEvent = (eventId: string) =>
  request<MarketingEvent>(`/marketing-api/events/${encodeURIComponent(eventId)}`);
export const eventQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: ['marketing', 'events', eventId],
    queryFn: () => getEvent(eventId),
    retry: false,
  });
export const useEvent = (eventId: string) => useQuery(eventQueryOptions(eventId));
