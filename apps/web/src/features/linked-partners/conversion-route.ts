import { ConversionPage } from './conversion-page.tsx';

export const Component = ConversionPage;
