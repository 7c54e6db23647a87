import { queryOptions, useQuery } from '@tanstack/react-query';
import { brandsPaths } from '@app/contracts/brands-paths';
import type { BrandPanelType, brandPanelResponseSchema } from '@app/contracts/brands';
import { request, type AnswerOf } from '../../../shared/http/client.ts';

/** GET /brands/panel?type=collect|redeem (docs/product/calls-and-errors.md §S7.1). */
export const getBrandPanel = (type: BrandPanelType) =>
  // Unparsed: the brands page draws without zod (ADR 048); typed from the contract.
  request<AnswerOf<typeof brandPanelResponseSchema>>(brandsPaths.panel(type));

export const brandPanelQueryOptions = (type: BrandPanelType) =>
  queryOptions({ queryKey: ['brand-panel', type], queryFn: () => getBrandPanel(type), staleTime: 60_000 });
export const useBrandPanel = (type: BrandPanelType) => useQuery(brandPanelQueryOptions(type));
