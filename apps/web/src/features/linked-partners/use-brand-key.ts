import { useLocation, useParams } from 'react-router';

/**
 * The brand key of the page: the `:brandDetailsKey` parameter, or, on the linked partners' own session routes
 * (static paths such as /brands/hotels-com, docs/product/signed-in-pages.md §S2.3), the path segment after
 * /brands/.
 */
export function useBrandKey(): string {
  const { brandDetailsKey } = useParams();
  const { pathname } = useLocation();
  return brandDetailsKey ?? /^\/brands\/([^/]+)/.exec(pathname)?.[1] ?? '';
}
