import { useMutation } from '@tanstack/react-query';
import { feedbackPaths } from '@app/contracts/feedback-paths';
import type { FeedbackRequest, feedbackResponseSchema } from '@app/contracts/feedback';
import { request, type AnswerOf } from '../../../shared/http/client.ts';

/** POST /customer-contact-api/feedback (ADR 015: the spec leaves the submit call to us). */
export const sendFeedback = (body: FeedbackRequest) =>
  // Unparsed: the feedback pages draw without zod (ADR 048); typed from the contract.
  request<AnswerOf<typeof feedbackResponseSchema>>(feedbackPaths.feedback, { method: 'POST', body });

export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback });
