import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  tempCardEmailFormSchema,
  tempCardErrorCodes,
  tempCardWording,
  type TempCardEmailForm,
} from '@app/contracts/temp-card';
import { HttpError } from '../../shared/http/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Checkbox } from '../../shared/ui/checkbox.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useRequestAccessEmail } from './request-access-email.ts';
import { saveTempCardEmail } from './temp-card-state.ts';
import { tempCardPaths } from './temp-card-paths.ts';
import './temp-card.css';

/** A wording with one phrase of it as a link to the document it names (opened beside the form). */
function WithLink({ text, phrase, href }: { text: string; phrase: string; href: string }) {
  const [before, after] = text.split(phrase);
  return (
    <>
      {before}
      <a href={href} target="_blank" rel="noopener">
        {phrase}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      {after}
    </>
  );
}

/**
 * {prefix}/temp-card/enter-email-address: 'We just need your email'. Submit proceeds only when the email is
 * valid and both boxes are ticked (docs/product/registration-and-sign-in.md §R5); then it solves the
 * bot-check and asks for the card.
 */
export function EnterEmailAddressPage() {
  const navigate = useNavigate();
  const mutation = useRequestAccessEmail();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TempCardEmailForm>({
    resolver: zodResolver(tempCardEmailFormSchema),
    defaultValues: { email: '', termsAccepted: false, privacyAccepted: false },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = handleSubmit(({ email }) => {
    mutation.mutate(email, {
      onSuccess: () => {
        saveTempCardEmail(email);
        void navigate(tempCardPaths.success);
      },
    });
  });

  const failure = mutation.error;
  const isDuplicate = failure instanceof HttpError && failure.code === tempCardErrorCodes.duplicateEmail;

  return (
    <main id="main" className="page temp-card">
      <section className="temp-card__panel" aria-labelledby="email-heading">
        <h1 id="email-heading">We just need your email</h1>
        <p className="temp-card__lead">We'll email you a link to your temporary card.</p>
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          <TextField
            label="Email address"
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            error={errors.email?.message}
            {...register('email')}
          />
          <Checkbox
            label={
              <WithLink
                text={tempCardWording.terms}
                phrase="Collector Rules"
                href="/about/privacy-and-legal/collector-rules"
              />
            }
            error={errors.termsAccepted?.message}
            {...register('termsAccepted')}
          />
          <Checkbox
            label={
              <WithLink
                text={tempCardWording.privacy}
                phrase="Privacy Policy"
                href="/about/privacy-and-legal/privacy-policy"
              />
            }
            error={errors.privacyAccepted?.message}
            {...register('privacyAccepted')}
          />
          {failure ? (
            <div className="temp-card__notice temp-card__notice--error" role="alert">
              <p>{failure.message}</p>
              {isDuplicate ? (
                <p>
                  <Link to={tempCardPaths.login}>Log in</Link>
                </p>
              ) : null}
            </div>
          ) : null}
          <Button type="submit" fullWidth loading={mutation.isPending}>
            Continue
          </Button>
        </form>
      </section>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { EnterEmailAddressPage as Component };
