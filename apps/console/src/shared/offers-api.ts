import { z } from 'zod';
import {
  audienceCountSchema,
  audienceListReportSchema,
  campaignPerformanceSchema,
  offerPartnerSchema,
  offerPerformanceSchema,
  offerPictureSchema,
  offerPreviewSchema,
  offerUploadSchema,
  staffOfferDetailsSchema,
  staffOfferListSchema,
  type OfferAudience,
  type OfferDraft,
  type OfferLifecycle,
  type OfferStep,
} from '@app/contracts/staff-offers';
import { callApi, RawBody } from './api.ts';

const offer = (id: string) => `/staff-api/offers/${encodeURIComponent(id)}`;
const campaign = (name: string) => `/staff-api/campaigns/${encodeURIComponent(name)}`;

/** Where an offer's figures, and a campaign's, are downloaded as CSV (a link: the browser saves the file). */
export const offerPerformanceCsv = (id: string) => `${offer(id)}/performance.csv`;
export const campaignPerformanceCsv = (name: string) => `${campaign(name)}/performance.csv`;

/**
 * The marketers' calls (docs/staff-console.md "Offers and campaigns"): offers from draft to ended, who they
 * reach, how they look to a member and what they did; every answer parsed by its contract.
 */
export const offersApi = {
  list: (filters: { lifecycle?: OfferLifecycle | undefined; campaign?: string | undefined }) => {
    const query = new URLSearchParams();
    if (filters.lifecycle) query.set('lifecycle', filters.lifecycle);
    if (filters.campaign) query.set('campaign', filters.campaign);
    const search = query.toString();
    return callApi('GET', `/staff-api/offers${search ? `?${search}` : ''}`, staffOfferListSchema);
  },
  get: (id: string) => callApi('GET', offer(id), staffOfferDetailsSchema),
  create: (draft: OfferDraft) => callApi('POST', '/staff-api/offers', staffOfferDetailsSchema, draft),
  update: (id: string, draft: OfferDraft) => callApi('PUT', offer(id), staffOfferDetailsSchema, draft),
  /** A step of the lifecycle; `new-version` answers the new draft. */
  step: (id: string, step: OfferStep, reason?: string) =>
    callApi('POST', `${offer(id)}/${step}`, staffOfferDetailsSchema, reason ? { reason } : {}),

  countAudience: (audience: OfferAudience) =>
    callApi('POST', '/staff-api/offers/audience-count', audienceCountSchema, { audience }),
  /** The cards of an uploaded list, the file as chosen (CSV, one card number a row). */
  uploadList: (id: string, file: Blob) =>
    callApi('PUT', `${offer(id)}/audience-list`, audienceListReportSchema, new RawBody(file, 'text/csv')),

  pictures: () => callApi('GET', '/staff-api/offer-pictures', z.array(offerPictureSchema)),
  partners: () => callApi('GET', '/staff-api/offer-partners', z.array(offerPartnerSchema)),
  uploadPicture: (file: File) =>
    callApi('POST', '/staff-api/offer-uploads', offerUploadSchema, new RawBody(file, file.type)),

  preview: (id: string, memberId?: string) =>
    callApi('POST', `${offer(id)}/preview`, offerPreviewSchema, memberId ? { memberId } : {}),
  performance: (id: string) => callApi('GET', `${offer(id)}/performance`, offerPerformanceSchema),
  campaign: (name: string) => callApi('GET', `${campaign(name)}/performance`, campaignPerformanceSchema),
};

/** The query keys of the offers' pages: a change of an offer reads its page and the lists again. */
export const offerKeys = {
  all: ['offers'] as const,
  list: (filters: object) => ['offers', 'list', filters] as const,
  offer: (id: string) => ['offers', 'offer', id] as const,
  performance: (id: string) => ['offers', 'performance', id] as const,
  campaign: (name: string) => ['offers', 'campaign', name] as const,
  pictures: ['offer-pictures'] as const,
  partners: ['offer-partners'] as const,
};
