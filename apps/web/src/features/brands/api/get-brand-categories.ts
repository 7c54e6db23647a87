import { queryOptions, useQuery } from '@tanstack/react-query';
import { brandsPaths } from '@app/contracts/brands-paths';
import type { categoriesResponseSchema } from '@app/contracts/brands';
import { request, type AnswerOf } from '../../../shared/http/client.ts';
import { isSwitchOn } from '../../../shared/switches/switches.ts';

/** Categories: GET /cms-api/brands/categories when the CMS switch is on, else /nectar-brands-api/categories. */
export const getBrandCategories = () =>
  // Unparsed: the brand category pages draw without zod (ADR 048); typed from the contract.
  request<AnswerOf<typeof categoriesResponseSchema>>(
    isSwitchOn('cms') ? brandsPaths.cmsCategories : brandsPaths.categories,
  ).then((body) => body.categories);

export const brandCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['brand-categories'], queryFn: getBrandCategories, staleTime: 60_000 });
export const useBrandCategories = () => useQuery(brandCategoriesQueryOptions());
