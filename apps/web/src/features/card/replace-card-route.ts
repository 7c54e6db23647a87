import { createElement } from 'react';
import { CardLookupPage } from './card-lookup-page.tsx';

export const Component = () => createElement(CardLookupPage, { flow: 'replace' });
