import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { offerMessages } from '@app/contracts/staff-offers';
import { renderConsole, stubServer, type MadeCall } from '../../test/render-console.tsx';
import { marketer, offerDetails, OFFER_ID, partners, pictures } from '../../test/offers.ts';

/** The calls every form makes: the picture library, the partners and the campaigns' names. */
const formRoutes = {
  'GET /staff-api/offer-pictures': () => ({ status: 200, body: pictures }),
  'GET /staff-api/offer-partners': () => ({ status: 200, body: partners }),
  'GET /staff-api/offers': () => ({ status: 200, body: { offers: [] } }),
};
const posted = (calls: MadeCall[], url: string) =>
  calls.filter((call) => call.url === url && call.method !== 'GET');

// The console's longest form, filled field by field: past the default 5 seconds when the machine is busy.
const longForm = { timeout: 20_000 };

describe('a new offer', () => {
  it('is written and saved as a draft for the fuel partner’s shoppers', longForm, async () => {
    const saved = offerDetails({ id: 'offer-9', status: 'draft', lifecycle: 'draft' });
    const calls = stubServer(
      {
        ...formRoutes,
        'POST /staff-api/offers': () => ({ status: 201, body: saved }),
        'GET /staff-api/offers/offer-9': () => ({ status: 200, body: saved }),
        'POST /staff-api/offers/audience-count': () => ({
          status: 200,
          body: { members: 1234, summaryRefreshedAt: '2026-11-30T02:00:00Z' },
        }),
      },
      marketer,
    );
    const router = renderConsole('/offers/new');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'New offer' })).toBeVisible();
    const form = await screen.findByRole('form', { name: 'New offer' });
    // Pasted: typed key by key, a form this long takes seconds in jsdom.
    const fill = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };

    await fill(within(form).getByLabelText('Campaign (optional)'), 'Winter fuel');
    await fill(within(form).getByLabelText('Title'), 'Double up at the pump');
    await fill(within(form).getByLabelText('Description'), '500 points for £40');
    await fill(within(form).getByLabelText('How to get it'), 'Load it, then fill up.');
    await fill(within(form).getByLabelText('Terms'), 'Once per member.');
    await fill(within(form).getByLabelText('Category key'), 'fuel');
    await fill(within(form).getByLabelText('Category name'), 'Fuel');
    await user.click(within(form).getByRole('radio', { name: 'Fuel pump' }));
    expect(within(form).getByRole('radio', { name: 'Fuel pump' })).toBeChecked();

    await fill(within(form).getByLabelText('Least spend (£)'), '40');
    await user.selectOptions(within(form).getByLabelText('Applies to'), 'category');
    expect(within(form).getByLabelText('Category it applies to')).toHaveValue('fuel');
    await fill(within(form).getByLabelText('Points paid'), '500');
    await fill(within(form).getByLabelText('Budget in points (optional)'), '50000');
    expect(within(form).getByLabelText('Budget in points (optional)')).toHaveAccessibleDescription(
      '50,000 points cost £250.00 when spent (0.5p a point).',
    );

    await user.click(within(form).getByRole('radio', { name: /A segment/ }));
    const rules = within(form).getByRole('list', { name: 'Rules of the segment' });
    expect(within(rules).getByRole('combobox', { name: 'Rule 1' })).toHaveValue('fuel-shopper');
    expect(within(rules).getByRole('spinbutton', { name: 'In the last (days)' })).toHaveValue(90);
    expect(rules).toHaveTextContent('Shopped at Esso in the last 90 days');
    await user.click(within(form).getByRole('button', { name: 'Count members' }));
    expect(await within(form).findByText(/members meet every rule now/)).toHaveTextContent(
      '1,234 members meet every rule now',
    );
    expect(posted(calls, '/staff-api/offers/audience-count')[0]?.body).toEqual({
      audience: { kind: 'segment', rules: [{ rule: 'fuel-shopper', days: 90 }] },
    });

    await user.click(within(form).getByRole('button', { name: 'Save the draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/offers/offer-9'));
    expect(await screen.findByText('The draft is saved.')).toBeVisible();
    const sent = posted(calls, '/staff-api/offers')[0]?.body;
    expect(sent).toMatchObject({
      kind: 'bonus',
      partnerId: null,
      campaign: 'Winter fuel',
      title: 'Double up at the pump',
      category: { key: 'fuel', name: 'Fuel' },
      picture: 'fuel-pump',
      rule: { kind: 'threshold', category: 'fuel', minSpendPence: 4000, points: 500 },
      maxPerMember: 1,
      budgetPoints: 50_000,
      audience: { kind: 'segment', rules: [{ rule: 'fuel-shopper', days: 90 }] },
    });
  });

  it('marks each field the contract refuses beside it and sends nothing', async () => {
    const calls = stubServer(formRoutes, marketer);
    renderConsole('/offers/new');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New offer' });
    await user.click(within(form).getByRole('radio', { name: /Partner offer/ }));
    await user.click(within(form).getByRole('button', { name: 'Save the draft' }));

    // The first field refused takes the focus: the partner, at the top of the form.
    const partner = within(form).getByRole('combobox', { name: 'Partner' });
    await waitFor(() => expect(partner).toHaveFocus());
    expect(partner).toHaveAccessibleDescription('Choose the partner that runs this offer.');
    expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
      'Enter a title of up to 120 characters.',
    );
    expect(within(form).getByRole('textbox', { name: 'Least spend (£)' })).toHaveAccessibleDescription(
      'Enter the least spend in pounds, like 40 or 12.50.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/answers need changing/);
    expect(posted(calls, '/staff-api/offers')).toHaveLength(0);
  });

  it('says the list of cards is uploaded once the draft is saved', async () => {
    stubServer(formRoutes, marketer);
    renderConsole('/offers/new');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New offer' });
    await user.click(within(form).getByRole('radio', { name: /An uploaded list/ }));
    expect(within(form).getByText('Save the draft first')).toBeVisible();
    expect(within(form).queryByLabelText('List of cards (CSV)')).toBeNull();
  });

  it('uploads a picture of an accepted type and chooses it; refuses another before sending it', async () => {
    const calls = stubServer(
      {
        ...formRoutes,
        'POST /staff-api/offer-uploads': () => ({
          status: 201,
          body: { picture: 'upload:abc', url: '/offer-uploads/abc.png' },
        }),
      },
      marketer,
    );
    renderConsole('/offers/new');
    const user = userEvent.setup({ applyAccept: false });
    const form = await screen.findByRole('form', { name: 'New offer' });
    const file = within(form).getByLabelText('Upload a picture');
    await user.upload(file, new File(['GIF89a'], 'pump.gif', { type: 'image/gif' }));
    expect(await within(form).findByText(offerMessages.uploadRefused)).toBeVisible();
    expect(posted(calls, '/staff-api/offer-uploads')).toHaveLength(0);

    const png = new File([new Uint8Array([137, 80, 78, 71])], 'pump.png', { type: 'image/png' });
    await user.upload(file, png);
    expect(await within(form).findByRole('radio', { name: 'Your upload 1' })).toBeChecked();
    const upload = posted(calls, '/staff-api/offer-uploads')[0];
    expect(upload?.headers['content-type']).toBe('image/png');
    expect(upload?.body).toBe(png);
  });
});

describe('changing a draft', () => {
  it('opens with the draft, sends changes, uploads its list of cards with the report', longForm, async () => {
    const draft = offerDetails({
      status: 'draft',
      lifecycle: 'draft',
      listCount: 2,
      draft: { ...offerDetails().draft, audience: { kind: 'list' } },
    });
    const calls = stubServer(
      {
        ...formRoutes,
        [`GET /staff-api/offers/${OFFER_ID}`]: () => ({ status: 200, body: draft }),
        [`PUT /staff-api/offers/${OFFER_ID}`]: () => ({ status: 200, body: draft }),
        [`PUT /staff-api/offers/${OFFER_ID}/audience-list`]: () => ({
          status: 200,
          body: { accepted: 2, refused: [{ row: 3, value: '1234', reason: 'Not a card number.' }] },
        }),
      },
      marketer,
    );
    const router = renderConsole(`/offers/${OFFER_ID}/edit`);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Change “Double up at the pump”' });
    const title = within(form).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Double up at the pump');
    expect(within(form).getByRole('textbox', { name: 'Least spend (£)' })).toHaveValue('40');
    expect(within(form).getByText('The list on file holds 2 cards. A new upload replaces it.')).toBeVisible();

    const csv = new File(['card\n98263000123456789\n1234\n'], 'cards.csv', { type: 'text/csv' });
    await user.upload(within(form).getByLabelText('List of cards (CSV)'), csv);
    await user.click(within(form).getByRole('button', { name: 'Upload the list' }));
    expect(await within(form).findByText(/2 cards taken, 1 row refused/)).toBeVisible();
    const refused = within(form).getByRole('table', { name: 'Rows refused' });
    expect(refused).toHaveTextContent('Not a card number.');
    const upload = calls.find((call) => call.url.endsWith('/audience-list'));
    expect(upload?.headers['content-type']).toBe('text/csv');
    expect(upload?.body).toBe(csv);

    await user.clear(title);
    await user.type(title, 'Triple up at the pump');
    fireEvent.change(within(form).getByLabelText('Ends'), { target: { value: '2026-12-31T18:00' } });
    await user.click(within(form).getByRole('button', { name: 'Save the draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/offers/${OFFER_ID}`));
    const put = calls.find((call) => call.method === 'PUT' && call.url === `/staff-api/offers/${OFFER_ID}`);
    expect(put?.body).toMatchObject({
      title: 'Triple up at the pump',
      validTo: '2026-12-31T18:00:00+00:00',
      audience: { kind: 'list' },
    });
  });

  it('is only for a draft: an approved offer says to make a new version', async () => {
    stubServer(
      { ...formRoutes, [`GET /staff-api/offers/${OFFER_ID}`]: () => ({ status: 200, body: offerDetails() }) },
      marketer,
    );
    renderConsole(`/offers/${OFFER_ID}/edit`);
    expect(await screen.findByText(offerMessages.notEditable)).toBeVisible();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
