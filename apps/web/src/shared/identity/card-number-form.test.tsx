import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import { describe, expect, it, vi } from 'vitest';
import { CardNumberForm } from './card-number-form.tsx';

const renderForm = () => {
  const onCardNumber = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CardNumberForm onCardNumber={onCardNumber} />
    </QueryClientProvider>,
  );
  return { onCardNumber, user: userEvent.setup(), field: screen.getByLabelText('Card number') };
};

/** The card number as a member types or pastes it: spaces, dashes, or the whole number with its prefix. */
describe('CardNumberForm', () => {
  it.each([['1234 5678 901'], ['1234-5678-901'], ['9826 3000 1234 5678 901']])(
    'takes %j typed with spaces or dashes',
    async (typed) => {
      const { onCardNumber, user, field } = renderForm();
      await user.type(field, typed);
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await vi.waitFor(() => expect(onCardNumber).toHaveBeenCalledWith('9826300012345678901'));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it('takes a pasted full 19-digit number with its prefix, not its first 11 digits', async () => {
    const { onCardNumber, user, field } = renderForm();
    await user.click(field);
    await user.paste('9826300012345678901');
    expect(field).toHaveValue('9826300012345678901');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(onCardNumber).toHaveBeenCalledWith('9826300012345678901'));
  });

  it.each([
    ['', 'Enter your card number'],
    ['1234 5678 90a', 'Enter a valid card number'],
    ['1234 5678 90', 'Enter a card number that has 11 numbers'],
    ['1234 5678 9012', 'Enter a card number that has 11 numbers'],
  ])("%j still gets the spec's message", async (typed, message) => {
    const { onCardNumber, user, field } = renderForm();
    if (typed) await user.type(field, typed);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(onCardNumber).not.toHaveBeenCalled();
  });
});
