import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketingPaths } from '@app/contracts/marketing-paths';
import type { podsResponseSchema } from '@app/contracts/marketing';
import { request, type AnswerOf } from '../../../shared/http/client.ts';

/** GET /marketing-api/pods: the signed-in member's homepage pods (ADR 015). */
export const getPods = () =>
  // Unparsed: the pods page draws without zod (ADR 048); typed from the contract.
  request<AnswerOf<typeof podsResponseSchema>>(marketingPaths.pods).then((body) => body.pods);
export const podsQueryOptions = () => queryOptions({ queryKey: ['marketing', 'pods'], queryFn: getPods });
export const usePods = () => useQuery(podsQueryOptions());
