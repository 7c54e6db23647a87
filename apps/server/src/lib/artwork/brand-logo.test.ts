// @databases none: pure rules and helpers; it opens no database.
import { describe, expect, it } from 'vitest';
import { brandLogoSvg } from './brand-logo.ts';

const lines = (svg: string) => [...svg.matchAll(/>([^<]+)<\/text>/g)].map((m) => m[1]);

describe('brand logos', () => {
  it('sets a brand without a mark as its whole name, on the lines that make it largest', () => {
    expect(lines(brandLogoSvg({ name: 'Esso', colour: '#e2001a' }))).toEqual(['Esso']);
    expect(lines(brandLogoSvg({ name: 'Book Nook', colour: '#1f6f5c' }))).toEqual(['Book', 'Nook']);
    expect(lines(brandLogoSvg({ name: 'Thompson & Morgan', colour: '#2e7d32' })).join(' ')).toBe(
      'Thompson &amp; Morgan',
    );
    expect(brandLogoSvg({ name: 'Esso', colour: '#e2001a' })).toContain('aria-label="Esso logo"');
  });

  it('fills the tile with a colour too light to read on white, and letters it dark', () => {
    const svg = brandLogoSvg({ name: 'Eurostar', colour: '#ffd900' });
    expect(svg).toMatch(/<rect [^>]*fill="#ffd900"/);
    expect(svg).toMatch(/<text [^>]*fill="#1a1a1a"/);
  });

  it('draws a Simple Icons mark in its own colour, with the name under a symbol that needs it', () => {
    const ebay = brandLogoSvg({ name: 'eBay', colour: '#0064d2', mark: { icon: 'ebay' } });
    expect(ebay).toMatch(/<path [^>]*fill="#E53238"/);
    expect(ebay).not.toContain('<text');
    const airline = brandLogoSvg({
      name: 'British Airways Avios',
      colour: '#1b3a6b',
      mark: { icon: 'britishairways', withName: true },
    });
    expect(airline).toMatch(/<path [^>]*fill="#2E5C99"/);
    expect(lines(airline).join(' ')).toBe('British Airways Avios');
  });
});
