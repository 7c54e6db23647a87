// @databases none: pure rules and helpers; it opens no database.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nectarBrand } from '@app/contracts/brand';
import { BUILT_IN_BRAND_FILE, ConfigError, readConfig } from './env.ts';
import { BrandFileError, loadBrand } from './chosen-brand.ts';

const brands = path.dirname(BUILT_IN_BRAND_FILE);
const harbourFile = path.join(brands, 'harbour-rewards.json');
const harbour = JSON.parse(readFileSync(harbourFile, 'utf8')) as Record<string, unknown>;

/** A copy of the Harbour Rewards brand in a folder of its own, with `changes` made to its file. */
const harbourCopy = (changes: Record<string, unknown> = {}, files: Record<string, string> = {}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lc-brand-'));
  cpSync(path.join(brands, 'harbour-rewards'), path.join(dir, 'harbour-rewards'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const file = path.join(dir, 'brand.json');
  writeFileSync(file, JSON.stringify({ ...harbour, ...changes }));
  return file;
};
const problemsOf = (file: string) => {
  try {
    loadBrand(file);
    return [];
  } catch (error) {
    if (error instanceof BrandFileError) return error.problems;
    throw error;
  }
};

describe('the brand chosen at start (BRAND_FILE, ADR 028)', () => {
  it('is the built-in brand without BRAND_FILE, with its images and the page style of its colours', () => {
    const chosen = readConfig({}).brand;
    expect(chosen.brand).toEqual(nectarBrand);
    expect(chosen.builtIn).toBe(true);
    expect(chosen.assets.map((asset) => asset.path)).toEqual([
      '/brand-assets/logo.svg',
      '/brand-assets/card.svg',
      '/brand-assets/icon.svg',
    ]);
    expect(chosen.style).toBe(
      ":root{--color-brand:#7f0442;--color-brand-dark:#5c0230;--color-brand-tint:#f7e6ee;--color-accent:#f06c00;--font-brand:'Figtree Variable'}",
    );
    expect(readConfig({}).mailFrom).toBe('Nectar <no-reply@nectar.localhost>');
  });

  it('reads another scheme from its file: name, colours, typeface file, images and their sizes', () => {
    const config = readConfig({ BRAND_FILE: harbourFile });
    const chosen = config.brand;
    expect(chosen.builtIn).toBe(false);
    expect(chosen.brand).toMatchObject({
      name: 'Harbour Rewards',
      colours: { brand: '#0b5563' },
      typeface: 'Nunito Variable',
      logo: { src: '/brand-assets/logo.svg', width: 192, height: 62 },
      cardImage: { src: '/brand-assets/card.svg', width: 856, height: 540 },
    });
    expect(chosen.fontPath).toBe('/brand-assets/typeface.woff2');
    expect(chosen.style).toContain(
      "@font-face{font-family:'Nunito Variable';font-style:normal;font-display:swap;font-weight:100 1000;src:url(/brand-assets/typeface.woff2) format('woff2')}",
    );
    // Its lighter washes follow its colours rather than the built-in brand's.
    expect(chosen.style).toContain('--color-brand-wash:');
    expect(config.mailFrom).toBe('Harbour Rewards <no-reply@harbour-rewards.localhost>');
  });

  it('stops the start with a line naming the variable, the file and the field', () => {
    const file = harbourCopy({ colours: { ...(harbour.colours as object), accent: 'gold' } });
    expect(() => readConfig({ BRAND_FILE: file })).toThrow(ConfigError);
    expect(() => readConfig({ BRAND_FILE: file })).toThrow(
      `Invalid configuration:\n  BRAND_FILE (${file}): colours.accent: must be a colour written #rrggbb, like #7f0442`,
    );
  });

  it('checks the files a brand file names: there, SVG, safe to serve, with a viewBox; a WOFF2 font', () => {
    expect(problemsOf(harbourCopy({ logo: 'harbour-rewards/missing.svg' }))).toEqual([
      'logo: harbour-rewards/missing.svg is not a file (names are relative to the brand file)',
    ]);
    const script =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script></svg>';
    const handler = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"></svg>';
    const outside =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><image href="https://example.com/x.png"/></svg>';
    const noViewBox = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>';
    const file = harbourCopy(
      { logo: 'script.svg', cardImage: 'handler.svg', icon: 'outside.svg' },
      { 'script.svg': script, 'handler.svg': handler, 'outside.svg': outside },
    );
    expect(problemsOf(file)).toEqual([
      'logo: script.svg must not hold scripts, event handlers or references to other files',
      'cardImage: handler.svg must not hold scripts, event handlers or references to other files',
      'icon: outside.svg must not hold scripts, event handlers or references to other files',
    ]);
    expect(
      problemsOf(
        harbourCopy(
          { cardImage: 'card.svg', logo: 'logo.svg' },
          { 'card.svg': noViewBox, 'logo.svg': 'PNG' },
        ),
      ),
    ).toEqual([
      'logo: logo.svg is not an SVG image (an <svg> element with xmlns="http://www.w3.org/2000/svg")',
      "cardImage: card.svg needs a viewBox (it gives the image's proportions)",
    ]);
    const square = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800"></svg>';
    expect(problemsOf(harbourCopy({ cardImage: 'square.svg' }, { 'square.svg': square }))).toEqual([
      "cardImage: square.svg is 800×800; a card image has a card's proportions (85.6 × 54 mm, a viewBox such as 0 0 856 540)",
    ]);
    expect(
      problemsOf(
        harbourCopy({ typeface: { family: 'Nunito', file: 'font.woff2' } }, { 'font.woff2': 'not a font' }),
      ),
    ).toEqual(['typeface.file: font.woff2 is not a WOFF2 font']);
  });

  it('says when the file is missing or not JSON', () => {
    expect(problemsOf('/no/such/brand.json')).toEqual(['/no/such/brand.json is not a file']);
    const dir = mkdtempSync(path.join(tmpdir(), 'lc-brand-'));
    writeFileSync(path.join(dir, 'brand.json'), '{ "name": ');
    expect(problemsOf(path.join(dir, 'brand.json'))[0]).toMatch(/^the file is not JSON \(/);
  });
});
