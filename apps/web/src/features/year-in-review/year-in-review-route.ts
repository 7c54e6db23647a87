import { YearInReviewPage } from './year-in-review-page.tsx';

export const Component = YearInReviewPage;
