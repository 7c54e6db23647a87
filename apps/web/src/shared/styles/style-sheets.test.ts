import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../..');
/** The app's own style sheets, and the design tokens it takes from packages/ui (docs/design-system.md). */
const styleSheets = [
  ...readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .sort()
    .map((file) => path.join(src, file)),
  path.resolve(src, '../../../packages/ui/src/tokens.css'),
];

/** Every rule's selector in a style sheet, with the media or support conditions it sits under. */
function selectorsOf(file: string): string[] {
  const selectors: string[] = [];
  postcss.parse(readFileSync(file, 'utf8')).walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
    const conditions: string[] = [];
    for (let parent = rule.parent; parent && parent.type === 'atrule'; parent = parent.parent) {
      const atRule = parent as postcss.AtRule;
      conditions.unshift(`@${atRule.name} ${atRule.params}`);
    }
    for (const selector of rule.selectors) selectors.push([...conditions, selector.trim()].join(' '));
  });
  return selectors;
}

describe('style sheets', () => {
  it('never style one selector from two style sheets: whichever loads last would win', () => {
    const owners = new Map<string, string>();
    const clashes: string[] = [];
    for (const file of styleSheets) {
      for (const selector of new Set(selectorsOf(file))) {
        const owner = owners.get(selector);
        if (owner && owner !== file)
          clashes.push(`${selector}: ${path.relative(src, owner)} and ${path.relative(src, file)}`);
        else owners.set(selector, file);
      }
    }
    expect(styleSheets.length).toBeGreaterThan(10);
    expect(clashes).toEqual([]);
  });
});
