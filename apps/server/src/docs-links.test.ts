// @databases none: it reads the repository's Markdown; it opens no database.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const markdown = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file)),
];

/** The links of a Markdown file that point into the repository: [text](target), without a scheme or anchor-only. */
const localLinks = (text: string) =>
  [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'))
    .map((target) => decodeURIComponent(target.split('#')[0] ?? ''));

/** `## Heading` anchors as GitHub makes them: lower case, punctuation gone, spaces to dashes. */
const anchors = (text: string) =>
  new Set(
    [...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) =>
      (match[1] ?? '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    ),
  );

describe("the repository's documentation", () => {
  it('keeps the README to a few screens', () => {
    expect(readFileSync(path.join(root, 'README.md'), 'utf8').split('\n').length).toBeLessThan(250);
  });

  it.each(markdown)('%s links only to files and headings that exist', (file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    const broken = localLinks(text).filter(
      (target) => !existsSync(path.resolve(path.dirname(path.join(root, file)), target)),
    );
    const missingAnchors = [...text.matchAll(/\]\(#([^)]+)\)/g)]
      .map((match) => match[1] ?? '')
      .filter((anchor) => !anchors(text).has(anchor));
    expect({ broken, missingAnchors }).toEqual({ broken: [], missingAnchors: [] });
  });
});
