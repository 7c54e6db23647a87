import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchesWith, type SwitchName } from '@app/contracts/switches';
import { drawUnder } from '../../shared/switches/switches.ts';
import { HelpPage } from './help-page.tsx';

const faqs = [
  {
    id: 1,
    title: 'Collecting points',
    questions: [
      {
        question: 'When will my points appear?',
        answer: 'Points can take up to 48 hours to appear.{{lf}}It{{quote}}s usually quicker.',
      },
      { question: 'Can I use my digital card?', answer: 'Yes, at the till.' },
    ],
  },
  {
    id: 2,
    title: 'Your account',
    questions: [{ question: 'How do I change my password?', answer: 'In Account.' }],
  },
];

function renderHelp(on: SwitchName[]) {
  drawUnder('local', switchesWith(on));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(faqs)),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider
        router={createMemoryRouter([{ path: '/help', element: <HelpPage /> }], { initialEntries: ['/help'] })}
      />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  drawUnder(undefined, switchesWith([]));
});

// docs/product/switches-and-constants.md §S9
describe('the chat bot switch in the help centre', () => {
  it('on: a help chat answers a question with the help centre’s own answers, or offers the careline', async () => {
    const user = userEvent.setup();
    renderHelp(['chatBot']);
    const chat = await screen.findByRole('region', { name: 'Chat with us' });
    await user.click(within(chat).getByRole('button', { name: 'Start a chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Help chat' });
    expect(dialog).toHaveTextContent("Hi, I'm the Nectar help assistant.");
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Your question' }),
      'my points have not appeared',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const log = within(dialog).getByRole('list', { name: 'Conversation' });
    expect(log).toHaveTextContent('You: my points have not appeared');
    await user.click(within(log).getByText('When will my points appear?'));
    expect(log).toHaveTextContent("Points can take up to 48 hours to appear.It's usually quicker.");
    expect(within(dialog).getByRole('textbox', { name: 'Your question' })).toHaveValue('');

    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'parking tickets');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(log).toHaveTextContent("I couldn't find an answer to that.");
    expect(within(log).getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact-us');
  });

  it('off: no help chat', async () => {
    renderHelp([]);
    await screen.findByRole('button', { name: 'Collecting points' });
    expect(screen.queryByRole('region', { name: 'Chat with us' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start a chat' })).toBeNull();
  });
});
