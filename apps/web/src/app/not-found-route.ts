import { NotFoundPage } from '../shared/ui/not-found-page.tsx';

export const Component = NotFoundPage;
