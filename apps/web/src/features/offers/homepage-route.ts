import { loadFromPage } from '../../shared/query/load-from-page.ts';
import { balanceQueryOptions } from '../../shared/session/get-balance.ts';
import { offersQueryOptions } from './api/get-offers.ts';
import { partnerOffersQueryOptions } from './api/get-partner-offers.ts';
import { HomepagePage } from './homepage-page.tsx';

export const Component = HomepagePage;
export const loader = loadFromPage((client) => [
  client.ensureQueryData(balanceQueryOptions()),
  client.ensureQueryData(offersQueryOptions()),
  client.ensureQueryData(partnerOffersQueryOptions()),
]);
