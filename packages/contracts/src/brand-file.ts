import { z } from 'zod';
import type { Brand, BrandColours } from './brand.ts';

/**
 * A brand file (BRAND_FILE, ADR 028): the JSON that re-brands the product with no code change. It holds what
 * a scheme chooses (name, colours, typeface, logo, card image, careline, hosts); the slug, the card prefix and
 * the partners are the specifications' identifiers and the demo data's, so a file cannot set them. Image and
 * font files are named relative to the brand file. The server reads and checks it once at start: a mistake
 * stops the start with a line naming the field (apps/server/src/lib/chosen-brand.ts).
 */

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
/** WCAG 2.1 AA for normal text: white on the brand colour (the header, buttons) must be readable. */
export const MIN_TEXT_CONTRAST = 4.5;

const channel = (value: number) => {
  const s = value / 255;
  return s <= 0.040_45 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
};
/** The WCAG contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const colour = z.string().regex(HEX_COLOUR, 'must be a colour written #rrggbb, like #7f0442');
const fileName = (extension: string) =>
  z
    .string()
    .trim()
    .min(1, `must name a .${extension} file, relative to the brand file`)
    .refine((name) => name.toLowerCase().endsWith(`.${extension}`), {
      message: `must name a .${extension} file, relative to the brand file`,
    });
const HOST = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const host = z.string().regex(HOST, 'must be a host name in lower case, like www.example.com');
const text = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

const coloursSchema = z
  .strictObject({ brand: colour, brandDark: colour, brandTint: colour, accent: colour })
  .superRefine((colours, ctx) => {
    const onWhite = (key: keyof BrandColours, what: string) => {
      const ratio = contrastRatio(colours[key], '#ffffff');
      if (ratio < MIN_TEXT_CONTRAST)
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${what} on ${colours[key]} has a contrast of ${ratio.toFixed(1)}:1; it needs at least ${MIN_TEXT_CONTRAST}:1, so choose a darker colour`,
        });
    };
    onWhite('brand', 'white text');
    onWhite('brandDark', 'white text');
    const onTint = contrastRatio(colours.brandDark, colours.brandTint);
    if (onTint < MIN_TEXT_CONTRAST)
      ctx.addIssue({
        code: 'custom',
        path: ['brandTint'],
        message: `brandDark text on ${colours.brandTint} has a contrast of ${onTint.toFixed(1)}:1; it needs at least ${MIN_TEXT_CONTRAST}:1, so choose a lighter tint`,
      });
  });

export const brandFileSchema = z.strictObject({
  /** The scheme's display name. */
  name: text(40),
  colours: coloursSchema,
  typeface: z.strictObject({
    /** The font family's name, as the page's CSS names it. */
    family: text(60).refine((family) => !/["'\\;{}<>]/.test(family), {
      message: 'must be a font family name without quotes or punctuation',
    }),
    /** A WOFF2 file of the family, served by the product; without it the family must be one the app ships. */
    file: fileName('woff2').optional(),
  }),
  /** The wordmark (SVG), drawn to sit on the brand colour. */
  logo: fileName('svg'),
  /** The member's card in the brand's look (SVG at a card's proportions, e.g. viewBox 0 0 856 540). */
  cardImage: fileName('svg'),
  /** The browser tab's icon (SVG, square); a tile in the brand's colours when left out. */
  icon: fileName('svg').optional(),
  careline: z.strictObject({ phone: text(30), hours: text(80) }),
  /**
   * Hosts by environment (docs/product/switches-and-constants.md §S9); none when left out, so only localhost
   * has an environment.
   */
  hosts: z.strictObject({ production: z.array(host), preProduction: z.array(host) }).optional(),
  /** Hosts that redirect targets may point at; localhost and the production hosts when left out. */
  redirectAllowList: z.array(host).optional(),
});

export type BrandFile = z.infer<typeof brandFileSchema>;

const fieldOf = (path: readonly PropertyKey[]) => path.map(String).join('.');

/** One line per problem, each naming the field: `colours.brand: must be a colour written #rrggbb, …`. */
export function brandFileProblems(error: z.ZodError): string[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map(
        (key) =>
          `${fieldOf([...issue.path, key])}: is not a brand file setting (a brand file holds ${
            issue.path.length === 0
              ? Object.keys(brandFileSchema.shape).join(', ')
              : 'the fields the README lists'
          })`,
      );
    if (issue.code === 'invalid_type' && issue.input === undefined)
      return [`${fieldOf(issue.path)}: is required`];
    return [`${issue.path.length ? fieldOf(issue.path) : '(the file)'}: ${issue.message}`];
  });
}

/** The brand file's settings checked, or the problems found, one line each. */
export function parseBrandFile(
  value: unknown,
): { success: true; data: BrandFile } | { success: false; problems: string[] } {
  const parsed = brandFileSchema.safeParse(value);
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, problems: brandFileProblems(parsed.error) };
}

/**
 * The brand a file describes, on top of the built-in one (its identifiers and partners), with the images at
 * the addresses the server serves them from.
 */
export function brandFromFile(
  file: BrandFile,
  builtIn: Brand,
  images: Pick<Brand, 'logo' | 'cardImage'>,
): Brand {
  const hosts = file.hosts ?? { production: [], preProduction: [] };
  return {
    ...builtIn,
    name: file.name,
    careline: { ...file.careline },
    hosts,
    redirectAllowList: file.redirectAllowList ?? ['localhost', ...hosts.production],
    colours: { ...file.colours },
    typeface: file.typeface.family,
    logo: images.logo,
    cardImage: images.cardImage,
  };
}
