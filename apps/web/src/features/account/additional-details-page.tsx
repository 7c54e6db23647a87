import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { accountMessages } from '@app/contracts/account';
import { dateOfBirthSchema, formatDateOfBirthInput } from '@app/contracts/registration';
import { Link } from 'react-router';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { addMissingInformation } from './api/add-missing-information.ts';
import { missingInformationQueryKey, useMissingInformation } from './api/get-missing-information.ts';
import { AccountLayout, Loading, messageOf, Notice } from './components/account-layout.tsx';

/** /account/additional-details: details we do not hold yet (GET and POST /missing-information). */
export function AdditionalDetailsPage() {
  const missing = useMissingInformation();
  const queryClient = useQueryClient();
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = dateOfBirthSchema().safeParse(dateOfBirth);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setBusy(true);
    try {
      queryClient.setQueryData(missingInformationQueryKey, await addMissingInformation({ dateOfBirth }));
      setSaved(true);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const list = missing.data?.missing ?? [];
  return (
    <AccountLayout
      title="Additional details"
      intro={<p>A few details help us keep your account secure and send offers that suit you.</p>}
    >
      {saved ? <Notice kind="success">{accountMessages.saved}</Notice> : null}
      {missing.isPending ? (
        <Loading />
      ) : missing.isError ? (
        <Notice kind="error">{missing.error.message}</Notice>
      ) : list.length === 0 ? (
        <p>{accountMessages.missingNothing}</p>
      ) : (
        <>
          {list.includes('dateOfBirth') ? (
            <form noValidate onSubmit={(event) => void onSubmit(event)}>
              <TextField
                label="Date of birth"
                description="For example, 31/01/1980"
                inputMode="numeric"
                autoComplete="bday"
                maxLength={10}
                value={dateOfBirth}
                error={error}
                onChange={(event) => setDateOfBirth(formatDateOfBirthInput(event.target.value, dateOfBirth))}
              />
              <Button type="submit" loading={busy}>
                Save date of birth
              </Button>
            </form>
          ) : null}
          {list.includes('mobile') ? (
            <p>
              <Link to="/account/details/mobile-number">Add your mobile number</Link>
            </p>
          ) : null}
          {list.includes('address') ? (
            <p>
              <Link to="/account/details/address">Add your address</Link>
            </p>
          ) : null}
        </>
      )}
    </AccountLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { AdditionalDetailsPage as Component };
