/**
 * Where a partner brand's logo is served (docs/product/signed-in-pages.md §S3 "Brand":
 * `imageUrls.logoImageUrl`): an SVG our own server draws from the brand's name and colour (ADR 013). Without
 * zod, for pages that only show a logo.
 */
export const BRAND_LOGO_PATH = '/anonymous-nectar-brands-api/logos';

export const brandLogoUrl = (brandDetailsKey: string) => `${BRAND_LOGO_PATH}/${brandDetailsKey}.svg`;
