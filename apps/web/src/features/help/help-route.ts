import { HelpPage } from './help-page.tsx';

export const Component = HelpPage;
