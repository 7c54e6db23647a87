import { queryOptions, useQuery } from '@tanstack/react-query';
import { brandsPaths } from '@app/contracts/brands-paths';
import type { BrandsResponse } from '@app/contracts/brands';
import { request } from '../../../shared/http/client.ts';

export interface BrandsFilter {
  category?: string;
  search?: string;
  eshop?: boolean;
}

/**
 * GET /nectar-brands-api/brands (docs/product/calls-and-errors.md §S7.1), optionally by category, eShop flag
 * or name.
 */
export const getBrands = (filter: BrandsFilter = {}) => {
  const query = new URLSearchParams();
  if (filter.category) query.set('category', filter.category);
  if (filter.search) query.set('search', filter.search);
  if (filter.eshop !== undefined) query.set('eshop', String(filter.eshop));
  const suffix = query.size > 0 ? `?${query.toString()}` : '';
  // Unparsed: every brands list page draws without zod (ADR 048); typed from the contract.
  return request<BrandsResponse>(brandsPaths.brands(suffix));
};

export const brandsQueryOptions = (filter: BrandsFilter = {}) =>
  queryOptions({ queryKey: ['brands', filter], queryFn: () => getBrands(filter), staleTime: 60_000 });
export const useBrands = (filter: BrandsFilter = {}) => useQuery(brandsQueryOptions(filter));
