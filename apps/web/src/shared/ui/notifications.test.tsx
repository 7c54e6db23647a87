import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './toast.tsx';

afterEach(() => vi.useRealTimers());

function Harness({ onReady }: { onReady: (api: ReturnType<typeof useToast>) => void }) {
  const api = useToast();
  onReady(api);
  return <p>{`in list: ${api.notifications.length}`}</p>;
}

describe('notifications', () => {
  it('keep a closed notification 4 s, then remove it and call its reload callback', () => {
    vi.useFakeTimers();
    let api!: ReturnType<typeof useToast>;
    const reload = vi.fn();
    render(
      <ToastProvider>
        <Harness onReady={(value) => (api = value)} />
      </ToastProvider>,
    );
    act(() => {
      api.show({ level: 'LINKED', message: 'Account linked', reloadCallback: reload, offerId: 'o-1' });
    });
    expect(screen.getByText('Account linked')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(screen.queryByText('Account linked')).not.toBeInTheDocument();
    expect(screen.getByText('in list: 1')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(3999);
    });
    expect(reload).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByText('in list: 0')).toBeInTheDocument();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('show the re-authentication error toast for 8 s', () => {
    vi.useFakeTimers();
    let api!: ReturnType<typeof useToast>;
    render(
      <ToastProvider>
        <Harness onReady={(value) => (api = value)} />
      </ToastProvider>,
    );
    act(() => {
      api.showError({ reauth: true });
    });
    const text = 'Looks like something went wrong. Please try again later.';
    act(() => {
      vi.advanceTimersByTime(7999);
    });
    expect(screen.getByText(text)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  it('run their Undo action once and close', () => {
    let api!: ReturnType<typeof useToast>;
    const undo = vi.fn();
    render(
      <ToastProvider>
        <Harness onReady={(value) => (api = value)} />
      </ToastProvider>,
    );
    act(() => {
      api.show({ message: 'Offer hidden', action: { label: 'Undo', onAction: undo } });
    });
    act(() => screen.getByRole('button', { name: 'Undo' }).click());
    expect(undo).toHaveBeenCalledOnce();
    expect(screen.queryByText('Offer hidden')).not.toBeInTheDocument();
  });
});
