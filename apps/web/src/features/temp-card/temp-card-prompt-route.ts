import { TempCardPromptPage } from './temp-card-prompt-page.tsx';

export const Component = TempCardPromptPage;
