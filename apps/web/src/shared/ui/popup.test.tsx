import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Popup } from './popup.tsx';

const originalHeight = window.innerHeight;
const originalWidth = window.innerWidth;

function resizeTo(width: number, height: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
    window.dispatchEvent(new Event('resize'));
  });
}

afterEach(() => resizeTo(originalWidth, originalHeight));

const dialog = () => screen.getByRole('dialog');

// docs/product/signed-in-pages.md §S2.6, docs/product/switches-and-constants.md §S9
describe('popup heights', () => {
  it('is the window height minus 135 for a sliding popup on a phone', () => {
    resizeTo(390, 844);
    render(
      <Popup sliding open onClose={() => undefined} title="Scan">
        <p>Here's a bigger barcode</p>
      </Popup>,
    );
    expect(dialog().style.height).toBe(`${844 - 135}px`);
    resizeTo(390, 700);
    expect(dialog().style.height).toBe(`${700 - 135}px`);
  });

  it('keeps modal heights between 200 and 272 at the least, and the window minus 135 at the most', () => {
    resizeTo(1366, 900);
    render(
      <Popup open onClose={() => undefined} title="Your card is...">
        <p>Currently not with you</p>
      </Popup>,
    );
    expect(dialog().style.minHeight).toBe('272px');
    expect(dialog().style.maxHeight).toBe(`${900 - 135}px`);
    resizeTo(1366, 380);
    expect(dialog().style.minHeight).toBe('245px');
    resizeTo(1366, 300);
    expect(dialog().style.minHeight).toBe('200px');
    expect(dialog().style.maxHeight).toBe('200px');
  });

  it('makes a linked-partner modal 360 tall, 260 in a window under 460, and the window below 260', () => {
    resizeTo(1366, 900);
    render(
      <Popup partner open onClose={() => undefined} title="Account linked">
        <p>Your accounts are linked.</p>
      </Popup>,
    );
    expect(dialog().style.height).toBe('360px');
    resizeTo(1366, 460);
    expect(dialog().style.height).toBe('360px');
    resizeTo(1366, 459);
    expect(dialog().style.height).toBe('260px');
    resizeTo(390, 260);
    expect(dialog().style.height).toBe('260px');
    resizeTo(390, 240);
    expect(dialog().style.height).toBe('240px');
  });
});
