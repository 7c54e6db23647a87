import { brand, brandCssProperties } from '@app/contracts/brand';

/**
 * Sets the chosen brand's colours and typeface on the page's custom properties (ADR 028), at start before the
 * first render. The server's pages carry the same values in a style element for the first paint; this covers
 * a page without it (the Vite dev server) and keeps the app's own reading of the brand the one that counts.
 */
export function applyBrandStyle(root: HTMLElement = document.documentElement) {
  for (const [name, value] of Object.entries(brandCssProperties(brand))) root.style.setProperty(name, value);
}
