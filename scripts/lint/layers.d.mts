/** Why `importer` may not import `imported` (absolute paths), or undefined when it may (layers.mjs). */
export function layerRefusal(importer: string, imported: string): string | undefined;
declare const plugin: { meta: { name: string }; rules: Record<string, unknown> };
export default plugin;
