/** A stored JSON field that should hold text: the text, or '' for anything else (never '[object Object]'). */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
