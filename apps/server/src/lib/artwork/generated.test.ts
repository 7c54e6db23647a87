// @databases none: pure rules and helpers; it opens no database.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractArtwork } from '../../../../../scripts/extract-artwork.ts';

describe('artwork extracted from the illustration and brand-mark sets', () => {
  it('is exactly what `npm run artwork` extracts from the installed sets', async () => {
    for (const [file, content] of await extractArtwork()) {
      expect(readFileSync(file, 'utf8'), `${file} is stale: run npm run artwork`).toBe(content);
    }
  }, 30_000);
});
