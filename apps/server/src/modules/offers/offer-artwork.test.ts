import { describe, expect, it } from 'vitest';
import { offerArtwork, wrapTitle } from './service.ts';

describe('offer artwork', () => {
  it('breaks a long title between words into two lines that fit', () => {
    expect(wrapTitle('200 bonus points on bananas and apples', 28, 2)).toEqual([
      '200 bonus points on bananas',
      'and apples',
    ]);
    expect(wrapTitle('Triple points on washing-up liquid', 40, 2)).toEqual([
      'Triple points on washing-up liquid',
    ]);
  });

  it('ends the last line with an ellipsis when the title does not fit, and cuts a word longer than a line', () => {
    const lines = wrapTitle(
      'British Airways Avios: Earn double Avios on every flight booked this winter',
      28,
      2,
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]?.endsWith('…')).toBe(true);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(28);
    expect(wrapTitle('Supercalifragilisticexpialidocious', 10, 2)).toEqual(['Supercali…']);
  });

  it('keeps the whole title as the image name and escapes it', () => {
    const svg = offerArtwork('Fish & chips: 200 bonus points on every family-sized pack this week', 20, 288);
    expect(svg).toContain(
      'aria-label="Fish &#38; chips: 200 bonus points on every family-sized pack this week"',
    );
    expect(svg.match(/<text /g)).toHaveLength(3);
  });
});
