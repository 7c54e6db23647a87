import { RequestCardPage } from './request-card-page.tsx';

export const Component = RequestCardPage;
