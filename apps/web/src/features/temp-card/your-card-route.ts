import { YourCardPage } from './your-card-page.tsx';

export const Component = YourCardPage;
