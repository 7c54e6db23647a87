export function buildWebIfNeeded(outDir?: string): boolean;
