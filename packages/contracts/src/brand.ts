/**
 * One brand configuration (docs/architecture.md "The parts"): the scheme's name, look (colours, typeface,
 * logo, card image), careline and hosts, and the identifiers the specifications fix (slug, card prefix,
 * partners). The brand is chosen once at start: the server reads BRAND_FILE (brand-file.ts, default the
 * built-in `nectarBrand`) and puts the chosen brand into every page it serves, where this module reads it
 * before any other code runs. Everything reads `brand`; nothing else holds a scheme's name (ADR 028).
 */
export interface Brand {
  /** The scheme's display name, used wherever the spec writes [the scheme]. */
  name: string;
  /**
   * Lower-case slug used in paths such as /{slug}-brands-api and /your-{slug}-prices. The specifications fix
   * these paths, so a brand file cannot change it.
   */
  slug: string;
  retailer: string;
  fuelPartner: string;
  airlinePartner: string;
  hotelPartner: string;
  careline: { phone: string; hours: string };
  /**
   * Fixed prefix printed before the 11 digits a member types (docs/product/registration-and-sign-in.md §R5,
   * docs/product/switches-and-constants.md §R9).
   */
  cardPrefix: string;
  /**
   * Hosts by environment; the environment is derived from the host name
   * (docs/product/switches-and-constants.md §S9).
   */
  hosts: { production: string[]; preProduction: string[] };
  /**
   * Hosts that redirect targets may point at (docs/product/registration-and-sign-in.md §R5: allow-list of
   * hosts).
   */
  redirectAllowList: string[];
  /** The colours the design tokens take from the brand (packages/ui/src/tokens.css). */
  colours: BrandColours;
  /** The typeface's family name (--font-brand): one the app ships, or the one the brand file brings. */
  typeface: string;
  /** The wordmark, drawn to sit on the brand colour (the header, emails, the identity provider's pages). */
  logo: BrandImage;
  /** The member's card in the brand's look. */
  cardImage: BrandImage;
}

/** `#rrggbb` colours, each the value of one CSS custom property (BRAND_COLOUR_PROPERTIES). */
export interface BrandColours {
  /** --color-brand: the header, buttons, headings. */
  brand: string;
  /** --color-brand-dark: hover and pressed states, text on a tint. */
  brandDark: string;
  /** --color-brand-tint: light backgrounds in the brand's colour. */
  brandTint: string;
  /** --color-accent: the second colour (highlights, badges). */
  accent: string;
}

/**
 * An image the server serves (an SVG of the brand file), with its drawing size so the page keeps its place.
 */
export interface BrandImage {
  src: string;
  width: number;
  height: number;
}

/** The CSS custom property each brand colour sets. */
export const BRAND_COLOUR_PROPERTIES: Readonly<Record<keyof BrandColours, string>> = {
  brand: '--color-brand',
  brandDark: '--color-brand-dark',
  brandTint: '--color-brand-tint',
  accent: '--color-accent',
};
/** The CSS custom property the typeface's family sets. */
export const BRAND_FONT_PROPERTY = '--font-brand';

/** The id of the data block with the chosen brand in every page the server sends (apps/server web-app.ts). */
export const BRAND_ELEMENT_ID = 'brand';
/** Where the server serves the brand's images; `?v=` carries the content's hash. */
export const BRAND_ASSETS_PATH = '/brand-assets';

/** The built-in brand: the scheme the specifications describe (brands/nectar.json holds the same). */
export const nectarBrand: Brand = {
  name: 'Nectar',
  slug: 'nectar',
  retailer: "Sainsbury's",
  fuelPartner: 'Esso',
  airlinePartner: 'British Airways Avios',
  hotelPartner: 'Hotels.com',
  careline: { phone: '0300 061 7000', hours: 'Monday to Friday, 8am to 8pm' },
  cardPrefix: '98263000',
  hosts: {
    production: ['www.nectar.com', 'nectar.com', 'id.nectar.com'],
    preProduction: ['stg.nectar.com', 'uat.nectar.com', 'id-stg.nectar.com'],
  },
  redirectAllowList: ['localhost', 'www.nectar.com', 'nectar.com', 'id.nectar.com'],
  colours: { brand: '#7f0442', brandDark: '#5c0230', brandTint: '#f7e6ee', accent: '#f06c00' },
  typeface: 'Figtree Variable',
  logo: { src: `${BRAND_ASSETS_PATH}/logo.svg`, width: 179, height: 38 },
  cardImage: { src: `${BRAND_ASSETS_PATH}/card.svg`, width: 856, height: 540 },
};

/**
 * The brand the server put into this page, when this runs in one (a browser, or the server's drawing thread).
 */
function brandInPage(): Brand | undefined {
  const text = globalThis.document?.getElementById(BRAND_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const chosen = JSON.parse(text) as Partial<Brand>;
    return { ...nectarBrand, ...chosen };
  } catch {
    return undefined;
  }
}

/** The chosen brand: the page's in a browser, the one main.ts chose from BRAND_FILE in the server. */
export let brand: Brand = brandInPage() ?? nectarBrand;

/**
 * The server's choice at start (apps/server/src/main.ts), made before the rest of the server's code is
 * imported:
 * one brand per process, like the compiled-in object it replaces.
 */
export function chooseBrand(chosen: Brand) {
  brand = chosen;
}

/** `#rrggbb` mixed with white (or with black, `other` 0): `share` of the colour, the rest the other. */
const withWhite = (hex: string, share: number, other = 255) => {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c * share + other * (1 - share));
  const rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix);
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
};

/**
 * The CSS custom properties the brand sets, as name → value. The shades that tokens.css derives by hand from
 * the built-in colours (a brighter brand colour, the dark inverse surface, the lighter washes) follow a brand
 * whose colours differ.
 */
export function brandCssProperties(chosen: Brand): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const [key, property] of Object.entries(BRAND_COLOUR_PROPERTIES)) {
    properties[property] = chosen.colours[key as keyof BrandColours];
  }
  if (chosen.colours.brand !== nectarBrand.colours.brand)
    properties['--color-brand-bright'] = withWhite(chosen.colours.brand, 0.8);
  if (chosen.colours.brandDark !== nectarBrand.colours.brandDark)
    properties['--color-inverse'] = withWhite(chosen.colours.brandDark, 0.55, 0);
  if (chosen.colours.brandTint !== nectarBrand.colours.brandTint)
    properties['--color-brand-wash'] = withWhite(chosen.colours.brandTint, 0.4);
  if (chosen.colours.accent !== nectarBrand.colours.accent)
    properties['--color-accent-tint'] = withWhite(chosen.colours.accent, 0.1);
  properties[BRAND_FONT_PROPERTY] = `'${chosen.typeface.replace(/['\\]/g, '')}'`;
  return properties;
}
