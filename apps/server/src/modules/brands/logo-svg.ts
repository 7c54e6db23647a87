import { brandLogoSvg } from '../../lib/artwork/brand-logo.ts';
import { BRAND_MARKS } from './brand-marks.ts';

/** A brand's logo tile: its Simple Icons mark where the set has it, otherwise its name as a wordmark. */
export const logoSvg = (key: string, name: string, colour: string) =>
  brandLogoSvg({ name, colour, mark: BRAND_MARKS[key] });
