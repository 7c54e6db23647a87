import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait up to 5 s, not 1 s: on the 2-core machine `npm test` runs the web tests beside the
// server tests, typecheck and build, and a page's first lazy chunk can take over a second to load there. A
// test still fails on what it asserts; only a slow machine no longer fails it.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
