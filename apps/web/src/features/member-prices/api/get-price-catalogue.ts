import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { memberPricesPaths, type PriceCataloguePage } from '@app/contracts/member-prices';
import { request } from '../../../shared/http/client.ts';

/**
 * GET the member-price catalogue, one page of 24 of a category key or 'all'
 * (docs/product/signed-in-pages.md §S2.6, docs/product/switches-and-constants.md §S9; ADR 038).
 */
export const getPriceCatalogue = (category: string, page: number) =>
  // Unparsed: the how-to-get-prices page draws without zod (ADR 048); typed from the contract.
  request<PriceCataloguePage>(
    `${memberPricesPaths.catalogue}?${new URLSearchParams({ category, page: String(page) }).toString()}`,
  );

export const priceCatalogueQueryOptions = (category: string, page: number) =>
  queryOptions({
    queryKey: ['member-prices', category, page],
    queryFn: () => getPriceCatalogue(category, page),
    // The catalogue does not change while the server runs (the server's ETag says the same).
    staleTime: 10 * 60_000,
  });

/** The page asked for; while the next one loads, the one shown stays (no empty flash between pages). */
export const usePriceCatalogue = (category: string, page: number) =>
  useQuery({ ...priceCatalogueQueryOptions(category, page), placeholderData: keepPreviousData });
