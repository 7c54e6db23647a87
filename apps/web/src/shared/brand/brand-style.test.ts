import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRAND_ELEMENT_ID, nectarBrand, type Brand } from '@app/contracts/brand';

const harbour: Brand = {
  ...nectarBrand,
  name: 'Harbour Rewards',
  colours: { brand: '#0b5563', brandDark: '#073b45', brandTint: '#e2f1f3', accent: '#d9892b' },
  typeface: 'Nunito Variable',
  logo: { src: '/brand-assets/logo.svg', width: 192, height: 62 },
};

/** The app's modules as a page that carries `chosen` loads them (ADR 028): imported afresh. */
async function loadWithBrandInPage(chosen: Brand) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = BRAND_ELEMENT_ID;
  block.textContent = JSON.stringify(chosen);
  document.head.append(block);
  vi.resetModules();
  return {
    contracts: await import('@app/contracts/brand'),
    style: await import('./brand-style.ts'),
  };
}

afterEach(() => {
  document.getElementById(BRAND_ELEMENT_ID)?.remove();
  document.documentElement.removeAttribute('style');
  vi.resetModules();
});

describe('the brand the server put into the page (ADR 028)', () => {
  it('is the brand the app reads as its code loads, before anything renders', async () => {
    const { contracts } = await loadWithBrandInPage(harbour);
    expect(contracts.brand).toEqual(harbour);
  });

  it("sets the page's colours and typeface from it", async () => {
    const { style } = await loadWithBrandInPage(harbour);
    style.applyBrandStyle();
    const root = document.documentElement.style;
    expect(root.getPropertyValue('--color-brand')).toBe('#0b5563');
    expect(root.getPropertyValue('--color-brand-dark')).toBe('#073b45');
    expect(root.getPropertyValue('--color-brand-tint')).toBe('#e2f1f3');
    expect(root.getPropertyValue('--color-accent')).toBe('#d9892b');
    expect(root.getPropertyValue('--font-brand')).toBe("'Nunito Variable'");
    // Shades tokens.css derives by hand from the built-in colours follow the brand's own.
    expect(root.getPropertyValue('--color-brand-bright')).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('is the built-in brand in a page without one (the dev server, tests)', async () => {
    vi.resetModules();
    const contracts = await import('@app/contracts/brand');
    expect(contracts.brand).toEqual(nectarBrand);
  });
});
