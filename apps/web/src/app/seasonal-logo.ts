/**
 * Seasonal logos (docs/product/switches-and-constants.md §S9): Pride in month 6, Black History in month 10, a
 * memorial when switched on.
 */
export type LogoVariant = 'standard' | 'pride' | 'black-history' | 'memorial';

export function logoVariantFor(date: Date, memorial: boolean): LogoVariant {
  if (memorial) return 'memorial';
  const month = date.getMonth() + 1;
  if (month === 6) return 'pride';
  if (month === 10) return 'black-history';
  return 'standard';
}

export const LOGO_LABELS: Record<LogoVariant, string> = {
  standard: '',
  pride: ' (Pride logo)',
  'black-history': ' (Black History Month logo)',
  memorial: ' (memorial logo)',
};
