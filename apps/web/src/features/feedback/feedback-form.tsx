import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  FEEDBACK_DRAFT_KEY,
  FEEDBACK_MAX_LENGTH,
  feedbackMessages,
  feedbackThanks,
  type FeedbackRequest,
} from '@app/contracts/feedback';
import { readStored, removeStored, writeStored } from '../../shared/storage/storage.ts';
import { Button } from '../../shared/ui/button.tsx';
import { useSendFeedback } from './api/send-feedback.ts';
import { wholeNumber } from '../../shared/format/uk-format.ts';

export interface FeedbackFormProps {
  /** Title and placeholder come from the caller (docs/product/signed-in-pages.md §S2.6). */
  title: string;
  placeholder: string;
  request: Omit<FeedbackRequest, 'text'>;
}

/**
 * The feedback form (docs/product/signed-in-pages.md §S2.6, §S4, §S5): a free-text box and 'Send feedback'.
 * The draft is kept in session storage while typing and cleared on a successful send; the button is inactive
 * while both the text and the saved draft are empty; at most 10000 characters; on success 'Thanks for the
 * feedback, {name}'; a failure shows its message under the box.
 */
export function FeedbackForm({ title, placeholder, request }: FeedbackFormProps) {
  const [text, setText] = useState(() => readStored(FEEDBACK_DRAFT_KEY, 'session') ?? '');
  const [error, setError] = useState<string>();
  const send = useSendFeedback();
  const boxId = useId();
  const countId = useId();
  const errorId = useId();

  const draft = readStored(FEEDBACK_DRAFT_KEY, 'session') ?? '';
  const inactive = text.trim() === '' && draft.trim() === '';

  if (send.isSuccess) {
    return (
      <section className="feedback__thanks" aria-live="polite">
        <h2>{feedbackThanks(send.data.firstName)}</h2>
        <p>{feedbackMessages.thanksBody}</p>
        <Link className="button button--secondary" to="/homepage">
          Back to your homepage
        </Link>
      </section>
    );
  }

  return (
    <form
      className="feedback__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const body = (text.trim() ? text : draft).trim();
        if (!body) {
          setError(feedbackMessages.empty);
          return;
        }
        if (body.length > FEEDBACK_MAX_LENGTH) {
          setError(feedbackMessages.tooLong);
          return;
        }
        setError(undefined);
        send.mutate(
          { ...request, text: body },
          {
            onSuccess: () => removeStored(FEEDBACK_DRAFT_KEY, 'session'),
            onError: (failure) => setError(failure.message),
          },
        );
      }}
    >
      <label htmlFor={boxId} className="feedback__label">
        {title}
      </label>
      <textarea
        id={boxId}
        className="feedback__box"
        value={text}
        placeholder={placeholder}
        maxLength={FEEDBACK_MAX_LENGTH}
        rows={8}
        aria-describedby={`${countId}${error ? ` ${errorId}` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          setText(event.target.value);
          writeStored(FEEDBACK_DRAFT_KEY, event.target.value, 'session');
          if (error) setError(undefined);
        }}
      />
      <p id={countId} className="feedback__count">
        {wholeNumber(text.length)} of {wholeNumber(FEEDBACK_MAX_LENGTH)} characters
      </p>
      {error ? (
        <p id={errorId} role="alert" className="feedback__error">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={inactive} loading={send.isPending}>
        Send feedback
      </Button>
    </form>
  );
}
