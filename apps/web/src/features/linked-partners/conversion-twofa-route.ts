import { ConversionTwofaPage } from './conversion-twofa-page.tsx';

export const Component = ConversionTwofaPage;
