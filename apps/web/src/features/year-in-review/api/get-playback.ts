import { queryOptions, useQuery } from '@tanstack/react-query';
import { yearInReviewPaths } from '@app/contracts/year-in-review-paths';
import type { Playback } from '@app/contracts/year-in-review';
import { request } from '../../../shared/http/client.ts';

/** GET /year-in-review-api/playbacks/{year} (ADR 015): the member's year from the points ledger. */
export const getPlayback = (year: string) =>
  // Unparsed: the year-in-review page draws without zod (ADR 048); typed from the contract.
  request<Playback>(yearInReviewPaths.playback(year));
export const playbackQueryOptions = (year: string) =>
  queryOptions({ queryKey: ['year-in-review', year], queryFn: () => getPlayback(year), retry: false });
export const usePlayback = (year: string) => useQuery(playbackQueryOptions(year));
