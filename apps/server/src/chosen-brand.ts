import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import {
  BRAND_ASSETS_PATH,
  brandCssProperties,
  nectarBrand,
  type Brand,
  type BrandImage,
} from '@app/contracts/brand';
import { brandFromFile, parseBrandFile } from '@app/contracts/brand-file';

/** A file of the brand the server serves under BRAND_ASSETS_PATH (apps/server/src/plugins/brand.ts). */
export interface BrandAsset {
  path: string;
  contentType: string;
  body: Buffer;
  etag: string;
}

/** The brand chosen at start (BRAND_FILE, ADR 028), with what the server needs to serve and show it. */
export interface ChosenBrand {
  brand: Brand;
  /** The brand file it came from. */
  file: string;
  assets: BrandAsset[];
  /** The browser tab's icon. */
  iconPath: string;
  /** The brand's own typeface file, when it brings one. */
  fontPath?: string;
  /** The page's brand style: the custom properties of the design tokens, and the typeface's @font-face. */
  style: string;
  /** Whether this is the built-in brand, the one the web build drew its public pages with. */
  builtIn: boolean;
}

/** A brand file that cannot be used: one line per problem, each naming the field. */
export class BrandFileError extends Error {
  override name = 'BrandFileError';
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

const MAX_SVG_BYTES = 100_000;
/** A payment card's proportions (ISO/IEC 7810 ID-1, 85.6 × 54 mm). */
const CARD_RATIO = 85.6 / 54;
const MAX_FONT_BYTES = 300_000;

/** Anything that could run or reach out when the SVG is opened on its own: the server serves it on our origin. */
const UNSAFE_SVG =
  /<script|<foreignObject|<!ENTITY|\son[a-z]+\s*=|javascript:|(?:xlink:)?href\s*=\s*["'](?!#)|url\(\s*["']?(?!#)/i;
const SVG_START = /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/;
const VIEW_BOX = /\bviewBox\s*=\s*["']\s*-?[\d.]+[\s,]+-?[\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*["']/;

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;

/** Reads a file the brand file names (relative to it), or says what is wrong with `field`. */
function readNamed(base: string, field: string, name: string, maxBytes: number): Buffer | string {
  const file = path.resolve(base, name);
  if (!existsSync(file) || !statSync(file).isFile())
    return `${field}: ${name} is not a file (names are relative to the brand file)`;
  const body = readFileSync(file);
  if (body.length > maxBytes)
    return `${field}: ${name} is ${body.length} bytes; at most ${maxBytes} are allowed`;
  return body;
}

/** An SVG the brand file names, checked; its size is that of its viewBox. */
function readSvg(
  base: string,
  field: string,
  name: string,
): { body: Buffer; size: [number, number] } | string {
  const body = readNamed(base, field, name, MAX_SVG_BYTES);
  if (typeof body === 'string') return body;
  const text = body.toString('utf8');
  if (!SVG_START.test(text) || !text.includes('xmlns="http://www.w3.org/2000/svg"'))
    return `${field}: ${name} is not an SVG image (an <svg> element with xmlns="http://www.w3.org/2000/svg")`;
  if (UNSAFE_SVG.test(text))
    return `${field}: ${name} must not hold scripts, event handlers or references to other files`;
  const viewBox = VIEW_BOX.exec(text);
  const width = Number(viewBox?.[1]);
  const height = Number(viewBox?.[2]);
  if (!viewBox || !(width > 0) || !(height > 0))
    return `${field}: ${name} needs a viewBox (it gives the image's proportions)`;
  return { body, size: [width, height] };
}

/** A tab icon in the brand's colours, for a brand file without one. */
const defaultIcon = (brand: Brand) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${brand.colours.brand}"/><circle cx="16" cy="16" r="6" fill="${brand.colours.accent}"/></svg>\n`,
  );

/** The page's brand style (one <style> element, allowed by its hash in the CSP: security.ts). */
export function brandStyle(brand: Brand, fontPath?: string): string {
  const properties = Object.entries(brandCssProperties(brand))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  const fontFace = fontPath
    ? `@font-face{font-family:${brandCssProperties(brand)['--font-brand']};font-style:normal;font-display:swap;font-weight:100 1000;src:url(${fontPath}) format('woff2')}`
    : '';
  return `${fontFace}:root{${properties}}`;
}

/**
 * Reads the brand file (BRAND_FILE, default brands/nectar.json) and the images and typeface it names, checked
 * once at start: a mistake throws a BrandFileError naming each bad field.
 */
export function loadBrand(file: string): ChosenBrand {
  const problem = (line: string) => new BrandFileError([line]);
  if (!existsSync(file) || !statSync(file).isFile()) throw problem(`${file} is not a file`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw problem(`the file is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = parseBrandFile(json);
  if (!parsed.success) throw new BrandFileError(parsed.problems);
  const settings = parsed.data;
  const base = path.dirname(file);

  const problems: string[] = [];
  const assets: BrandAsset[] = [];
  const serve = (name: string, contentType: string, body: Buffer) => {
    const assetPath = `${BRAND_ASSETS_PATH}/${name}`;
    assets.push({ path: assetPath, contentType, body, etag: etagOf(body) });
    return assetPath;
  };
  const image = (field: 'logo' | 'cardImage', name: string, servedAs: string): BrandImage | undefined => {
    const svg = readSvg(base, field, name);
    if (typeof svg === 'string') {
      problems.push(svg);
      return undefined;
    }
    return { src: serve(servedAs, 'image/svg+xml', svg.body), width: svg.size[0], height: svg.size[1] };
  };
  const logo = image('logo', settings.logo, 'logo.svg');
  const cardImage = image('cardImage', settings.cardImage, 'card.svg');
  // The card page lays the member's barcode over the lower half of a card-shaped image (member-card.tsx).
  if (cardImage && Math.abs(cardImage.width / cardImage.height / CARD_RATIO - 1) > 0.05)
    problems.push(
      `cardImage: ${settings.cardImage} is ${cardImage.width}×${cardImage.height}; a card image has a card's proportions (85.6 × 54 mm, a viewBox such as 0 0 856 540)`,
    );
  let icon: Buffer | undefined;
  if (settings.icon) {
    const svg = readSvg(base, 'icon', settings.icon);
    if (typeof svg === 'string') problems.push(svg);
    else icon = svg.body;
  }
  let fontPath: string | undefined;
  if (settings.typeface.file) {
    const font = readNamed(base, 'typeface.file', settings.typeface.file, MAX_FONT_BYTES);
    if (typeof font === 'string') problems.push(font);
    else if (font.subarray(0, 4).toString('latin1') !== 'wOF2')
      problems.push(`typeface.file: ${settings.typeface.file} is not a WOFF2 font`);
    else fontPath = serve('typeface.woff2', 'font/woff2', font);
  }
  if (problems.length > 0 || !logo || !cardImage) throw new BrandFileError(problems);

  const brand = brandFromFile(settings, nectarBrand, { logo, cardImage });
  const iconPath = serve('icon.svg', 'image/svg+xml', icon ?? defaultIcon(brand));
  return {
    brand,
    file,
    assets,
    iconPath,
    ...(fontPath ? { fontPath } : {}),
    style: brandStyle(brand, fontPath),
    builtIn: isDeepStrictEqual(brand, nectarBrand),
  };
}
