import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { botCheckProgress } from './bot-check-progress.ts';
import { BOT_CHECK_STATUS_DELAY_MS, BotCheckStatus } from './bot-check-status.tsx';

afterEach(() => {
  vi.useRealTimers();
});

describe('the bot-check status tells the person a check is running', () => {
  it('says the browser is checking once a solve takes longer than a moment, and clears when it ends', async () => {
    vi.useFakeTimers();
    render(<BotCheckStatus />);
    const status = screen.getByRole('status');
    let finish: (value: string) => void = () => undefined;
    let solved: Promise<string> = Promise.resolve('');
    act(() => {
      solved = botCheckProgress.during(() => new Promise<string>((resolve) => (finish = resolve)));
    });
    act(() => {
      vi.advanceTimersByTime(BOT_CHECK_STATUS_DELAY_MS - 1);
    });
    expect(status).toHaveTextContent('');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(status).toHaveTextContent('Checking your browser, this takes a moment…');
    await act(async () => {
      finish('token');
      await solved;
    });
    expect(status).toHaveTextContent('');
    expect(botCheckProgress.isSolving()).toBe(false);
  });

  it('shows nothing for a solve quicker than the delay', async () => {
    vi.useFakeTimers();
    render(<BotCheckStatus />);
    await act(async () => {
      await botCheckProgress.during(async () => 'quick');
    });
    act(() => {
      vi.advanceTimersByTime(BOT_CHECK_STATUS_DELAY_MS * 2);
    });
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
