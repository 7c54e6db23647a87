import { AccessibilityPage } from './accessibility-page.tsx';

export const Component = AccessibilityPage;
