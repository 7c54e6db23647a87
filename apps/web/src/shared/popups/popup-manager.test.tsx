import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PopupProvider, usePopups } from './popup-manager.tsx';

const answers: boolean[] = [];

function Opener() {
  const popups = usePopups();
  return (
    <>
      <button type="button" onClick={() => popups.toggle('HOW_TO_USE_CARD')}>
        How do I use my card?
      </button>
      <button type="button" onClick={() => popups.toggle('CARD_NUMBER_HELP')}>
        Card help
      </button>
      <button
        type="button"
        onClick={() =>
          popups.open('VOUCHER_CODE_MODAL', {
            title: 'Argos',
            itemDescription: '£5 off',
            voucherCode: 'ABC123',
            onUsed: (used: boolean) => answers.push(used),
          })
        }
      >
        Show voucher
      </button>
    </>
  );
}

const setUp = () =>
  render(
    <PopupProvider>
      <Opener />
    </PopupProvider>,
  );

describe('popup manager', () => {
  const jsdomWidth = window.innerWidth;
  afterEach(() => {
    window.innerWidth = jsdomWidth;
    // A browser says so with a resize event (use-is-fablet.ts keeps the answer between resizes).
    window.dispatchEvent(new Event('resize'));
  });

  it('toggles a popup open and closed', async () => {
    setUp();
    act(() => screen.getByRole('button', { name: 'Card help' }).click());
    const dialog = await screen.findByRole('dialog', { name: 'Your card is...' });
    expect(await screen.findByRole('heading', { name: 'Currently not with you' })).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  // docs/product/signed-in-pages.md §S2.6
  it('asks before the voucher closes, whichever way it is closed', async () => {
    answers.length = 0;
    setUp();
    act(() => screen.getByRole('button', { name: 'Show voucher' }).click());
    const dialog = await screen.findByRole('dialog', { name: 'Argos' });
    expect(await screen.findByText('ABC123')).toBeInTheDocument();
    // Escape asks first; on the question, Escape keeps the voucher open.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByText('Are you sure you want to close your voucher?')).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByText('ABC123')).toBeInTheDocument();
    // The close button asks too, then 'Did you use this voucher?'.
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    act(() => screen.getByRole('button', { name: 'Yes, close it' }).click());
    expect(screen.getByText('Did you use this voucher?')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'No' }).click());
    expect(dialog).not.toBeInTheDocument();
    expect(answers).toEqual([false]);
  });

  it('on a wide screen opens the same popup as a dialog centred on the page, as tall as its content', async () => {
    window.innerHeight = 800;
    window.innerWidth = 1366;
    // A browser says so with a resize event (use-is-fablet.ts keeps the answer between resizes).
    window.dispatchEvent(new Event('resize'));
    setUp();
    act(() => screen.getByRole('button', { name: 'How do I use my card?' }).click());
    const dialog = await screen.findByRole('dialog', { name: 'How do I use my card?' });
    expect(dialog.style.height).toBe('');
    expect(dialog.style.maxHeight).toBe('665px');
    expect(dialog).not.toHaveClass('popup--sheet');
    expect(dialog.parentElement).not.toHaveClass('popup-backdrop--sheet');
  });

  it('on a phone opens a sliding popup as a sheet at the window height minus 135, locks scrolling, and closes on a swipe down', async () => {
    window.innerHeight = 800;
    window.innerWidth = 390;
    // A browser says so with a resize event (use-is-fablet.ts keeps the answer between resizes).
    window.dispatchEvent(new Event('resize'));
    setUp();
    act(() => screen.getByRole('button', { name: 'How do I use my card?' }).click());
    const dialog = await screen.findByRole('dialog', { name: 'How do I use my card?' });
    expect(await screen.findByText(/face|faces the scanner/)).toBeInTheDocument();
    expect(dialog.style.height).toBe('665px');
    expect(dialog).toHaveClass('popup--sheet');
    expect(document.body).toHaveClass('scroll-locked');
    fireEvent.touchStart(dialog, { touches: [{ clientY: 100 }] });
    fireEvent.touchEnd(dialog, { changedTouches: [{ clientY: 300 }] });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('scroll-locked');
  });

  it('closes a sliding popup on browser back', async () => {
    setUp();
    act(() => screen.getByRole('button', { name: 'How do I use my card?' }).click());
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
