import { queryOptions, useQuery } from '@tanstack/react-query';
import { tempCardPaths } from '@app/contracts/temp-card-paths';
import { tempCardSchema } from '@app/contracts/temp-card';
import { request } from '../../shared/http/client.ts';

/** GET /nectar-lite/card?token=: the card behind an emailed link (410 once expired or upgraded). */
export const getTempCard = (token: string) => request(tempCardPaths.card(token), { schema: tempCardSchema });

export const tempCardQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['temp-card', token],
    queryFn: () => getTempCard(token),
    // 404 and 410 are answers, not hiccups: show them at once.
    retry: false,
    staleTime: 60_000,
  });

export const useTempCard = (token: string) => useQuery(tempCardQueryOptions(token));
