/**
 * Brands, signed in and anonymous (docs/product/calls-and-errors.md §S7.1).
 * Each path is written once here; no zod in this file, so a page that imports it loads no schema.
 */
export const brandsPaths = {
  brands: (suffix: string) => `/nectar-brands-api/brands${suffix}`,
  brand: (key: string) => `/nectar-brands-api/brands/${encodeURIComponent(key)}`,
  /**
   * The anonymous brands lookup (docs/product/calls-and-errors.md §R7): a list, optionally of the given keys.
   */
  anonymousBrands: (keys: readonly string[]) =>
    `/anonymous-nectar-brands-api/brands${keys.length ? `?keys=${keys.map(encodeURIComponent).join(',')}` : ''}`,
  anonymousBrand: (key: string) => `/anonymous-nectar-brands-api/brands/${encodeURIComponent(key)}`,
  bonus: (key: string) => `/nectar-brands-api/bonus/${encodeURIComponent(key)}`,
  anonymousBonus: (key: string) => `/anonymous-nectar-brands-api/bonus/${encodeURIComponent(key)}`,
  exit: (key: string, direction: string) =>
    `/nectar-brands-api/post/${encodeURIComponent(key)}?direction=${direction}`,
  panel: (type: string) => `/nectar-brands-api/brands/panel?type=${type}`,
  categories: '/nectar-brands-api/categories',
  cmsCategories: '/cms-api/brands/categories',
} as const;
