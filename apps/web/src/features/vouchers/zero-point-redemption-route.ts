import { createElement } from 'react';
import { RedemptionPage } from './redemption-page.tsx';

export const Component = () => createElement(RedemptionPage, { zero: true });
