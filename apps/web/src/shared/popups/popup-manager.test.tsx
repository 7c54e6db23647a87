import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PopupProvider, usePopups } from './popup-manager.tsx';

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
  it('toggles a popup open and closed', async () => {
    setUp();
    act(() => screen.getByRole('button', { name: 'Card help' }).click());
    const dialog = await screen.findByRole('dialog', { name: 'Your card is...' });
    expect(await screen.findByRole('heading', { name: 'Currently not with you' })).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens a sliding popup at the window height minus 135, locks scrolling, and closes on a swipe down', async () => {
    window.innerHeight = 800;
    setUp();
    act(() => screen.getByRole('button', { name: 'How do I use my card?' }).click());
    const dialog = await screen.findByRole('dialog', { name: 'How do I use my card?' });
    expect(await screen.findByText(/face|faces the scanner/)).toBeInTheDocument();
    expect(dialog.style.height).toBe('665px');
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
