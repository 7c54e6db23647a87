import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GoalOption, PointsGoal } from '@app/contracts/points-goal';
import { balanceQueryKey } from '../../shared/session/get-balance.ts';
import { PointsGoalCard } from './points-goal-card.tsx';
import { PointsGoalPage } from './points-goal-page.tsx';

const tenPounds: GoalOption = {
  id: 'voucher:retailer-10',
  choice: { kind: 'voucher', rewardId: 'retailer-10' },
  title: "£10 off your shopping at Sainsbury's",
  partnerName: "Sainsbury's",
  points: 2000,
  logoImageLocation: '/anonymous-nectar-brands-api/logos/sainsburys.svg',
  spendPath: '/redemption',
  spendLabel: 'Spend your points',
};
const avios: GoalOption = {
  id: 'conversion:AVIOS:400',
  choice: { kind: 'conversion', partnerId: 'AVIOS', points: 400 },
  title: '250 Avios',
  partnerName: 'British Airways',
  points: 400,
  logoImageLocation: '/anonymous-nectar-brands-api/logos/british-airways-avios.svg',
  spendPath: '/brands/british-airways-avios/conversion',
  spendLabel: 'Convert to Avios',
};
const saving: PointsGoal = {
  option: tenPounds,
  balance: 1500,
  pointsToGo: 500,
  reached: false,
  pendingPoints: 700,
  paceNetPoints: 1800,
  estimate: { days: 25, date: '2031-03-26' },
  setAt: '2031-03-01T12:00:00.000Z',
};
const reachedAvios: PointsGoal = {
  ...saving,
  option: avios,
  pointsToGo: 0,
  reached: true,
  pendingPoints: 0,
  estimate: null,
};

/** The goal's API, as the server answers it, over a goal the test sets; records what was sent. */
function serve(initial: PointsGoal | null, refuse?: { code: string; description: string }) {
  let goal = initial;
  const sent: { method: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (path.endsWith('/options')) return Response.json({ options: [tenPounds, avios] });
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      sent.push({ method, body });
      if (method === 'PUT') {
        if (refuse) return Response.json(refuse, { status: 400 });
        const option = (body as { kind: string }).kind === 'voucher' ? tenPounds : avios;
        goal = option === avios ? reachedAvios : { ...saving, option };
      }
      if (method === 'DELETE') {
        goal = null;
        return new Response(null, { status: 204 });
      }
      return Response.json({ goal });
    }),
  );
  return sent;
}

const show = (element: React.ReactElement) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={createMemoryRouter([{ path: '/', element }])} />
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('the points goal card on the activity page', () => {
  it('invites a member with no goal to set one', async () => {
    serve(null);
    show(<PointsGoalCard />);
    const link = await screen.findByRole('link', { name: 'Set a points goal' });
    expect(link).toHaveAttribute('href', '/activity/goal');
    expect(screen.getByRole('region', { name: 'Your points goal' })).toBeInTheDocument();
  });

  it('shows progress in points, what is left, when, and points on their way apart', async () => {
    serve(saving);
    show(<PointsGoalCard />);
    const bar = await screen.findByRole('progressbar', { name: "£10 off your shopping at Sainsbury's" });
    expect(bar).toHaveAttribute('aria-valuenow', '1500');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '2000');
    expect(bar).toHaveAttribute('aria-valuetext', '1,500 of 2,000 points');
    expect(screen.getByText('500 to go')).toBeInTheDocument();
    expect(
      screen.getByText(
        'At your pace over the last 90 days, you could get there in about 4 weeks, around 26 March 2031.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('+700 points on their way')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See or change your goal' })).toHaveAttribute(
      'href',
      '/activity/goal',
    );
  });

  it('is asked again whenever the balance is (a spend, a conversion), so progress follows the points', async () => {
    serve(saving);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={createMemoryRouter([{ path: '/', element: <PointsGoalCard /> }])} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '1500');
    serve({ ...saving, balance: 1800, pointsToGo: 200 });
    await client.invalidateQueries({ queryKey: balanceQueryKey });
    expect(await screen.findByText('200 to go')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '1,800 of 2,000 points');
  });

  it('says kindly that there is no estimate yet when the pace is nothing or less', async () => {
    serve({ ...saving, paceNetPoints: -200, estimate: null, pendingPoints: 0 });
    show(<PointsGoalCard />);
    expect(await screen.findByText(/^No estimate yet/)).toBeInTheDocument();
    expect(screen.queryByText(/on their way/)).not.toBeInTheDocument();
  });

  it('links to spending once the goal is reached', async () => {
    serve(reachedAvios);
    show(<PointsGoalCard />);
    expect(await screen.findByRole('link', { name: 'Convert to Avios' })).toHaveAttribute(
      'href',
      '/brands/british-airways-avios/conversion',
    );
    expect(screen.getByRole('progressbar', { name: '250 Avios' })).toHaveAttribute(
      'aria-valuetext',
      '400 of 400 points',
    );
    expect(screen.queryByText(/to go/)).not.toBeInTheDocument();
    expect(screen.getByText("You've got enough points for this.")).toBeInTheDocument();
  });
});

describe('the points goal page', () => {
  it('sets a goal from the list and shows it', async () => {
    const sent = serve(null);
    show(<PointsGoalPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set as my goal' }));
    expect(screen.getByText('Choose a reward to save for.')).toBeInTheDocument();

    const partners = screen.getByRole('group', { name: 'Partner rewards' });
    await userEvent.click(within(partners).getByRole('radio', { name: /250 Avios/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Set as my goal' }));

    expect(await screen.findByRole('heading', { name: '250 Avios' })).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: 'PUT',
      body: { kind: 'conversion', partnerId: 'AVIOS', points: 400 },
    });
    expect(screen.getByText(/Your goal is set/)).toBeInTheDocument();
    // Reached: the way to convert, with the bar full.
    expect(screen.getByText("You've got enough points for this.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Convert to Avios' })).toBeInTheDocument();
  });

  it("shows the server's reason when it refuses a goal", async () => {
    serve(saving, { code: 'REWARD_NOT_FOUND', description: "We couldn't find that reward." });
    show(<PointsGoalPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Change goal' }));
    await userEvent.click(screen.getByRole('radio', { name: /250 Avios/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save my new goal' }));
    expect(await screen.findByText("We couldn't find that reward.")).toBeInTheDocument();
    // Keeping the goal goes back to it, unchanged.
    await userEvent.click(screen.getByRole('button', { name: 'Keep my goal' }));
    expect(screen.getByRole('heading', { name: "£10 off your shopping at Sainsbury's" })).toBeInTheDocument();
  });

  it('shows the pace and the estimate, and removes the goal', async () => {
    const sent = serve(saving);
    show(<PointsGoalPage />);
    expect(
      await screen.findByText(
        "You've collected 1,800 more points than you've spent in the last 90 days, about 20 a day.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '1,500 of 2,000 points');
    await userEvent.click(screen.getByRole('button', { name: 'Remove goal' }));
    expect(await screen.findByText(/Your goal is removed/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What are you saving for?' })).toBeInTheDocument();
    expect(sent.map((call) => call.method)).toContain('DELETE');
  });

  it('says when there is no estimate yet', async () => {
    serve({ ...saving, paceNetPoints: 0, estimate: null });
    show(<PointsGoalPage />);
    expect(await screen.findByText(/^No estimate yet: over the last 90 days/)).toBeInTheDocument();
  });
});
