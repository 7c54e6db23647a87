import { CardCheckPage } from './card-check-page.tsx';

export const Component = CardCheckPage;
