import { ReplaceCardReasonPage } from './replace-card-reason-page.tsx';

export const Component = ReplaceCardReasonPage;
