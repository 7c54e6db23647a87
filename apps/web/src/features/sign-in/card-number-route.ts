import { CardNumberPage } from './card-number-page.tsx';

export const Component = CardNumberPage;
