import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nectarBrand } from './brand.ts';
import { brandFromFile, contrastRatio, parseBrandFile, type BrandFile } from './brand-file.ts';

const brands = path.resolve(import.meta.dirname, '../../../brands');
const readJson = (name: string): unknown => JSON.parse(readFileSync(path.join(brands, name), 'utf8'));

const harbour = readJson('harbour-rewards.json') as BrandFile;
const problemsOf = (value: unknown) => {
  const parsed = parseBrandFile(value);
  return parsed.success ? [] : parsed.problems;
};

describe('brand files (ADR 028)', () => {
  it('accepts the two brand files of the repository', () => {
    expect(parseBrandFile(readJson('nectar.json')).success).toBe(true);
    expect(parseBrandFile(harbour).success).toBe(true);
  });

  it('describes the built-in brand in brands/nectar.json, so the default and the file never drift apart', () => {
    const parsed = parseBrandFile(readJson('nectar.json'));
    if (!parsed.success) throw new Error(parsed.problems.join('\n'));
    expect(brandFromFile(parsed.data, nectarBrand, nectarBrand)).toEqual(nectarBrand);
  });

  it('takes the name, look, careline and hosts from the file and keeps the identifiers the specs fix', () => {
    const images = {
      logo: { src: '/brand-assets/logo.svg', width: 192, height: 62 },
      cardImage: { src: '/brand-assets/card.svg', width: 856, height: 540 },
    };
    const brand = brandFromFile(harbour, nectarBrand, images);
    expect(brand).toMatchObject({
      name: 'Harbour Rewards',
      colours: harbour.colours,
      typeface: 'Nunito Variable',
      careline: harbour.careline,
      ...images,
      // The specifications' paths, card numbers and the demo data's partners stay.
      slug: 'nectar',
      cardPrefix: '98263000',
      retailer: "Sainsbury's",
    });
    // Without a list of its own, redirects may point at localhost and the production hosts.
    expect(brand.redirectAllowList).toEqual(['localhost', ...(harbour.hosts?.production ?? [])]);
  });

  it('names the field of each problem, in words that say how to put it right', () => {
    const { name: _name, ...withoutName } = harbour;
    expect(problemsOf(withoutName)).toEqual(['name: is required']);
    expect(problemsOf({ ...harbour, colours: { ...harbour.colours, brandDark: 'teal' } })).toEqual([
      'colours.brandDark: must be a colour written #rrggbb, like #7f0442',
    ]);
    expect(problemsOf({ ...harbour, logo: 'logo.png' })).toEqual([
      'logo: must name a .svg file, relative to the brand file',
    ]);
    expect(problemsOf({ ...harbour, typeface: { family: 'Nunito', file: 'nunito.ttf' } })).toEqual([
      'typeface.file: must name a .woff2 file, relative to the brand file',
    ]);
    expect(problemsOf({ ...harbour, hosts: { production: ['WWW.Example.com'], preProduction: [] } })).toEqual(
      ['hosts.production.0: must be a host name in lower case, like www.example.com'],
    );
    expect(problemsOf({ ...harbour, careline: { phone: ' ', hours: 'Always' } })).toEqual([
      'careline.phone: must not be empty',
    ]);
  });

  it('refuses what a brand file cannot change: the slug, the card prefix, the partners', () => {
    expect(problemsOf({ ...harbour, slug: 'harbour', retailer: 'Tesco' })).toEqual([
      expect.stringMatching(
        /^slug: is not a brand file setting \(a brand file holds name, colours, typeface/,
      ),
      expect.stringMatching(/^retailer: is not a brand file setting/),
    ]);
    expect(problemsOf({ ...harbour, colours: { ...harbour.colours, primary: '#000000' } })).toEqual([
      expect.stringMatching(/^colours\.primary: is not a brand file setting/),
    ]);
  });

  it('refuses colours that white text cannot be read on (WCAG AA, 4.5:1)', () => {
    expect(problemsOf({ ...harbour, colours: { ...harbour.colours, brand: '#f4b942' } })).toEqual([
      'colours.brand: white text on #f4b942 has a contrast of 1.8:1; it needs at least 4.5:1, so choose a darker colour',
    ]);
    expect(problemsOf({ ...harbour, colours: { ...harbour.colours, brandTint: '#4a8f9a' } })).toEqual([
      expect.stringMatching(/^colours\.brandTint: brandDark text on #4a8f9a has a contrast of [\d.]+:1/),
    ]);
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio(nectarBrand.colours.brand, '#ffffff')).toBeGreaterThan(10);
  });
});
