import { VouchersPage } from './vouchers-page.tsx';

export const Component = VouchersPage;
