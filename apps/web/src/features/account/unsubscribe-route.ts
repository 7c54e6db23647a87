import { UnsubscribePage } from './unsubscribe-page.tsx';

export const Component = UnsubscribePage;
