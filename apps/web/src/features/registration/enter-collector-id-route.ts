import { EnterCollectorIdPage } from './enter-collector-id-page.tsx';

export const Component = EnterCollectorIdPage;
