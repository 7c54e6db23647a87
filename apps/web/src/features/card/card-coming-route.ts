import { CardComingPage } from './card-coming-page.tsx';

export const Component = CardComingPage;
