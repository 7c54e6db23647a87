// @databases none: pure rules and helpers; it opens no database.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIN_NODE, nodeVersionProblem } from '../../../scripts/node-version.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
/** The machine's own Node, when it is older than the product needs (Node 20 on this project's machines). */
const systemNode = '/usr/bin/node';
const systemNodeIsOld =
  existsSync(systemNode) &&
  nodeVersionProblem(
    execFileSync(systemNode, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim(),
  ) !== undefined;

describe('the Node.js version a start needs', () => {
  it('follows package.json engines (>=22.12)', () => {
    const engines = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
    expect(engines).toBe(`>=${MIN_NODE}`);
    expect(nodeVersionProblem('22.12.0')).toBeUndefined();
    expect(nodeVersionProblem('22.23.3')).toBeUndefined();
    expect(nodeVersionProblem('24.1.0')).toBeUndefined();
    expect(nodeVersionProblem('22.11.9')).toContain('needs Node.js 22.12 or newer and this is 22.11.9');
    expect(nodeVersionProblem('20.20.2')).toBe(
      'This product needs Node.js 22.12 or newer and this is 20.20.2: run `. scripts/install-node22.sh` (it puts Node.js 22 from the npm registry first on PATH), then start again.',
    );
  });

  it.runIf(systemNodeIsOld)('npm start on an older Node stops with that one line and starts nothing', () => {
    const started = spawnSync(systemNode, ['scripts/start.mjs'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^This product needs Node\.js 22\.12/),
    ]);
    expect(started.stdout).toBe('');
  });
});
