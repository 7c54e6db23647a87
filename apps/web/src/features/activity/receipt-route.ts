import { ReceiptPage } from './receipt-page.tsx';

export const Component = ReceiptPage;
