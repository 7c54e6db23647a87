import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderConsole, stubServer } from '../test/render-console.tsx';

const token = 'a'.repeat(43);
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('the invitation', () => {
  it('takes a password, shows the key (the code field empty), then the recovery codes', async () => {
    const codes = Array.from({ length: 8 }, (_, i) => `code-${i}`);
    const calls = stubServer({
      [`GET /staff-api/invites/${token}`]: () => ({
        status: 200,
        body: { email: 'noor@example.com', name: 'Noor Newstarter', role: 'agent' },
      }),
      [`POST /staff-api/invites/${token}/password`]: () => ({
        status: 200,
        body: {
          email: 'noor@example.com',
          name: 'Noor Newstarter',
          role: 'agent',
          totpSecret: secret,
          totpUri: `otpauth://totp/console:noor?secret=${secret}`,
        },
      }),
      [`POST /staff-api/invites/${token}/authenticator`]: () => ({
        status: 200,
        body: { recoveryCodes: codes },
      }),
    });
    renderConsole(`/invite/${token}`);
    const user = userEvent.setup();
    expect(await screen.findByText("You're invited as an agent")).toBeVisible();
    await user.type(screen.getByLabelText('Choose a password'), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByLabelText('Authenticator key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(screen.getByText(`otpauth://totp/console:noor?secret=${secret}`)).toBeInTheDocument();
    const code = screen.getByLabelText('The code your app shows');
    expect(code).toHaveValue('');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Finish setting up' }));

    expect(await screen.findByRole('heading', { name: 'Keep your recovery codes' })).toBeVisible();
    expect(screen.getByRole('list', { name: 'Recovery codes' }).querySelectorAll('li')).toHaveLength(8);
    expect(calls.find((call) => call.url.endsWith('/authenticator'))?.body).toEqual({ code: '123456' });
  });
});
