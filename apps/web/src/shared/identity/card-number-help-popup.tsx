import { useQuery } from '@tanstack/react-query';
import { brand } from '@app/contracts/brand';
import { documentsPaths } from '@app/contracts/documents-paths';
import type { regHelpDocumentSchema } from '@app/contracts/help';
import { request, type AnswerOf } from '../http/client.ts';
import { Popup } from '../ui/popup.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { Alert } from '../ui/alert.tsx';

/**
 * GET /documents-api/reg-help.json: the FAQ list the help popup shows (docs/product/calls-and-errors.md §R7).
 */
const regHelpQuery = {
  queryKey: ['documents', 'reg-help'],
  // Unparsed: the first route loads no zod (ADR 048), and the documents route declares no shape
  // (z.unknown()); the type is the contract's (AnswerOf<typeof regHelpDocumentSchema>).
  queryFn: () => request<AnswerOf<typeof regHelpDocumentSchema>>(documentsPaths.document('reg-help')),
  staleTime: 5 * 60_000,
};

/**
 * Help-centre tokens (docs/product/signed-in-pages.md §S2.6): `{{quote}}` is an apostrophe, `{{lf}}` a line
 * break.
 */
const helpText = (text: string | undefined) =>
  (text ?? '')
    .replaceAll('{{quote}}', "'")
    .split('{{lf}}')
    .flatMap((line, index) => (index === 0 ? [line] : [<br key={index} />, line]));

/**
 * 'Need help with your card number?' (docs/product/registration-and-sign-in.md §R2, CARD_NUMBER_HELP popup):
 * the careline and the reg-help FAQ.
 */
export function CardNumberHelpPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const faq = useQuery({ ...regHelpQuery, enabled: open });
  const items = Array.isArray(faq.data) ? faq.data : (faq.data?.items ?? []);
  return (
    <Popup open={open} onClose={onClose} title="Need help with your card number?">
      <p>
        Your card number is the last 11 numbers on the back of your plastic card, after {brand.cardPrefix}. If
        you can't find it, call us on{' '}
        <a href={`tel:${brand.careline.phone.replaceAll(' ', '')}`}>{brand.careline.phone}</a> (
        {brand.careline.hours}).
      </p>
      {faq.isPending ? <Spinner label="Loading - Please wait..." /> : null}
      {faq.isError ? (
        <Alert>We're having trouble displaying this right now. Try again or check back later.</Alert>
      ) : null}
      {items.map((item, index) => (
        <section key={item.title ?? index}>
          {item.title ? <h3>{helpText(item.title)}</h3> : null}
          <dl className="sign-in__faq">
            {(item.questions ?? []).map((question, qIndex) => (
              <div key={qIndex}>
                <dt>{helpText(question.question ?? question.title)}</dt>
                <dd>{helpText(question.answer ?? question.body)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </Popup>
  );
}
