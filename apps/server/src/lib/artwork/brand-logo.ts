import { SIMPLE_ICONS, type SimpleIconSlug } from './simple-icons.generated.ts';

/**
 * A partner brand's logo as a square SVG tile: its Simple Icons mark in the mark's own colour
 * where the set has the brand, otherwise a wordmark, the brand's whole name set in its colour. Never initials.
 * Drawn here, on our own server, so no page loads an image from elsewhere.
 */
export interface BrandLogoInput {
  name: string;
  /** The brand's colour, `#rrggbb`. */
  colour: string;
  /** Its mark in Simple Icons, when it has one there. */
  mark?: { icon: SimpleIconSlug; withName?: boolean };
}

const SIZE = 120;
const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.039_28 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}
const mixWithWhite = (hex: string, share: number) => {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c * share + 255 * (1 - share));
  return `#${[(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => mix(c).toString(16).padStart(2, '0')).join('')}`;
};
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

/**
 * Advance widths of a bold sans-serif (Arial Bold, in thousandths of an em), to set each line's length: the
 * browser draws the SVG with whatever sans-serif it has, and `textLength` makes every one fill the same width.
 */
// prettier-ignore
const WIDTHS: Record<string, number> = {
  ' ': 278, '!': 333, '&': 722, "'": 238, '+': 584, ',': 278, '-': 333, '.': 278,
  A: 722, B: 722, C: 722, D: 722, E: 667, F: 611, G: 778, H: 722, I: 278, J: 556, K: 722, L: 611, M: 833,
  N: 722, O: 778, P: 667, Q: 778, R: 722, S: 667, T: 611, U: 722, V: 667, W: 944, X: 667, Y: 667, Z: 611,
  a: 556, b: 611, c: 556, d: 611, e: 556, f: 333, g: 611, h: 611, i: 278, j: 278, k: 556, l: 278, m: 889,
  n: 611, o: 611, p: 611, q: 611, r: 389, s: 556, t: 333, u: 611, v: 556, w: 778, x: 556, y: 556, z: 500,
};
const textWidth = (text: string, size: number) =>
  ([...text].reduce((sum, char) => sum + (WIDTHS[char] ?? (/\d/.test(char) ? 556 : 611)), 0) / 1000) * size;

/** Every way to break the words into 1 to 3 lines, keeping their order. */
function lineBreaks(words: string[], maxLines = 3): string[][] {
  if (words.length <= 1 || maxLines === 1) return [[words.join(' ')]];
  const options: string[][] = [[words.join(' ')]];
  for (let cut = 1; cut < words.length; cut++) {
    for (const rest of lineBreaks(words.slice(cut), maxLines - 1))
      options.push([words.slice(0, cut).join(' '), ...rest]);
  }
  return options;
}

/** The brand's name set as large as fits `area` ([top, height]; 100 wide, centred), on as few lines as that allows. */
function wordmark(
  name: string,
  fill: string,
  [areaTop, areaHeight]: [number, number],
  maxSize: number,
): string {
  const width = 100;
  const lineHeight = 1.08;
  // A long name may be set up to a quarter narrower (as a condensed cut would), rather than smaller.
  const condensed = 0.76;
  let best = { lines: [name], size: 0 };
  for (const lines of lineBreaks(name.split(/\s+/).filter(Boolean))) {
    const widest = Math.max(...lines.map((line) => textWidth(line, 1)));
    const size = Math.min(maxSize, width / (widest * condensed), areaHeight / (lines.length * lineHeight));
    // A line more must buy a clearly larger name, or the name stays on fewer lines.
    if (size > best.size * (lines.length > best.lines.length ? 1.15 : 1)) best = { lines, size };
  }
  const size = Math.round(best.size * 10) / 10;
  const top = areaTop + areaHeight / 2 - ((best.lines.length - 1) * size * lineHeight) / 2;
  return best.lines
    .map((line, i) => {
      const y = Math.round((top + i * size * lineHeight) * 10) / 10;
      const length = Math.round(Math.min(width, textWidth(line, size)) * 10) / 10;
      return `<text x="60" y="${y}" dy="0.35em" text-anchor="middle" textLength="${length}" lengthAdjust="spacingAndGlyphs" font-family="Arial, Helvetica, 'Liberation Sans', sans-serif" font-weight="700" font-size="${size}" fill="${fill}">${escapeXml(line)}</text>`;
    })
    .join('');
}

/** A Simple Icons mark scaled to fit `area` ([x, y, width, height]) and centred in it. */
function mark(icon: SimpleIconSlug, fill: string, area: [number, number, number, number]): string {
  const { path, box } = SIMPLE_ICONS[icon];
  const [minX, minY, maxX, maxY] = box;
  // A wide mark (a wordmark) takes more of the tile's width.
  const wide = (maxX - minX) / (maxY - minY) > 2.5;
  const [x, y, width, height] = wide ? [area[0] - 8, area[1], area[2] + 16, area[3]] : area;
  const scale = Math.min(width / (maxX - minX), height / (maxY - minY));
  const left = x + (width - (maxX - minX) * scale) / 2 - minX * scale;
  const top = y + (height - (maxY - minY) * scale) / 2 - minY * scale;
  const r = (n: number) => Math.round(n * 1000) / 1000;
  return `<path transform="translate(${r(left)} ${r(top)}) scale(${r(scale)})" fill="${fill}" d="${path}"/>`;
}

export function brandLogoSvg({ name, colour, mark: known }: BrandLogoInput): string {
  const icon = known ? SIMPLE_ICONS[known.icon] : undefined;
  const ink = icon?.hex ?? colour;
  // A colour too light to read on white fills the tile instead, with dark or white ink on it.
  const filled = contrastWithWhite(ink) < 2.5;
  // A wordmark sits on a wash of its colour, so the tile reads as a logo and not as a line of text.
  const background = filled ? ink : known ? '#ffffff' : mixWithWhite(ink, 0.09);
  const foreground = filled ? (luminance(ink) > 0.4 ? '#1a1a1a' : '#ffffff') : ink;
  const tile = `<rect x="0.5" y="0.5" width="${SIZE - 1}" height="${SIZE - 1}" rx="23.5" fill="${background}" stroke="${filled || !known ? background : '#e4dfe2'}"/>`;
  let art: string;
  if (known && known.withName) {
    art = mark(known.icon, foreground, [24, 18, 72, 40]) + wordmark(name, foreground, [64, 38], 15);
  } else if (known) {
    art = mark(known.icon, foreground, [20, 20, 80, 80]);
  } else {
    art = wordmark(name, foreground, [22, 76], 34);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${escapeXml(name)} logo">${tile}${art}</svg>`;
}
