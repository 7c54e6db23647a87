import { SoundEffectsPage } from './sound-effects-page.tsx';

export const Component = SoundEffectsPage;
