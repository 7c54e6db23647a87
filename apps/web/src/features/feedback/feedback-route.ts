import { FeedbackPages } from './feedback-pages.tsx';

export const Component = FeedbackPages;
