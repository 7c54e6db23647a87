export function buildWebIfNeeded(outDir?: string): boolean;
export function buildConsoleIfNeeded(outDir?: string): boolean;
