import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { accountMessages, addressLookupSchema, addressText } from '@app/contracts/account';
import type { Address } from '@app/contracts/registration';
import { Button } from '../../shared/ui/button.tsx';
import { RadioGroup } from '../../shared/ui/radio-group.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useRefreshCustomer } from './api/get-customer.ts';
import { useMaskedAddress } from './api/get-masked-address.ts';
import { lookupAddress } from './api/lookup-address.ts';
import { updateAddress } from './api/update-address.ts';
import { AccountLayout, messageOf, Notice } from './components/account-layout.tsx';

const keyOf = addressText;

/**
 * /account/details/address: the address held, masked (GET masked address,
 * docs/product/calls-and-errors.md §S7.4); find the new one by building and postcode, pick it, save it (PUT
 * customer-address; the same address again is the silent double-up update).
 */
export function AddressPage() {
  const held = useMaskedAddress().data?.maskedAddress;
  const refresh = useRefreshCustomer();
  const navigate = useNavigate();
  const [search, setSearch] = useState({ building: '', postcode: '' });
  const [errors, setErrors] = useState<{ building?: string; postcode?: string }>({});
  const [found, setFound] = useState<Address[]>();
  const [picked, setPicked] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const onFind = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = addressLookupSchema.safeParse(search);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues)
        next[issue.path[0] as 'building' | 'postcode'] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setError(undefined);
    setBusy(true);
    try {
      const { addresses } = await lookupAddress(parsed.data);
      setFound(addresses);
      setPicked(addresses.length === 1 && addresses[0] ? keyOf(addresses[0]) : undefined);
    } catch (failure) {
      setFound(undefined);
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const onSave = async () => {
    const address = found?.find((candidate) => keyOf(candidate) === picked);
    if (!address) {
      setError(accountMessages.addressNotFound);
      return;
    }
    setBusy(true);
    try {
      refresh(await updateAddress(address));
      await navigate('/account/details', { state: { notice: accountMessages.addressSaved } });
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountLayout
      title="Your address"
      back={{ to: '/account/details', label: 'Back to personal details' }}
      intro={held ? <p>Your address now: {addressText(held)}</p> : undefined}
    >
      {error ? <Notice kind="error">{error}</Notice> : null}
      {found && found.length > 0 ? (
        <>
          <RadioGroup
            legend={
              found.length === 1 ? 'Is this your address?' : "We've found a few addresses, which is yours?"
            }
            name="address"
            options={found.map((address) => ({ value: keyOf(address), label: keyOf(address) }))}
            value={picked}
            onChange={setPicked}
          />
          <div className="account__actions">
            <Button onClick={() => void onSave()} loading={busy}>
              Use this address
            </Button>
            <Button variant="secondary" onClick={() => setFound(undefined)}>
              My address isn&apos;t listed
            </Button>
          </div>
        </>
      ) : (
        <form noValidate onSubmit={(event) => void onFind(event)}>
          <TextField
            label="House number or name"
            autoComplete="address-line1"
            maxLength={60}
            value={search.building}
            error={errors.building}
            onChange={(event) => setSearch({ ...search, building: event.target.value })}
          />
          <TextField
            label="Postcode"
            autoComplete="postal-code"
            maxLength={10}
            value={search.postcode}
            error={errors.postcode}
            onChange={(event) => setSearch({ ...search, postcode: event.target.value })}
          />
          <Button type="submit" loading={busy}>
            Find address
          </Button>
        </form>
      )}
    </AccountLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { AddressPage as Component };
