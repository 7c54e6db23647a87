import { useMutation } from '@tanstack/react-query';
import { feedbackPaths } from '@app/contracts/feedback-paths';
import type { FeedbackRequest, FeedbackResponse } from '@app/contracts/feedback';
import { request } from '../../../shared/http/client.ts';

/** POST /customer-contact-api/feedback (ADR 015: the spec leaves the submit call to us). */
export const sendFeedback = (body: FeedbackRequest) =>
  request<FeedbackResponse>(feedbackPaths.feedback, { method: 'POST', body });

export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback });
