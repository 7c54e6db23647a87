import { act, render, screen } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { Popup } from './popup.tsx';
import { TextField } from './text-field.tsx';
import { ToastProvider, useToast } from './toast.tsx';
import { Toggle } from './toggle.tsx';

describe('TextField', () => {
  it('links label, prefix and the error announced as an alert', () => {
    render(<TextField label="Card number" prefix="98263000" error="Enter your card number" maxLength={11} />);
    const input = screen.getByLabelText('Card number');
    expect(input).toHaveAttribute('maxlength', '11');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your card number');
    expect(input).toHaveAccessibleDescription(/98263000.*Enter your card number/);
  });

  it('shows a password on Show and hides it again on blur', async () => {
    const user = userEvent.setup();
    render(
      <>
        <TextField label="Password" type="password" />
        <button type="button">elsewhere</button>
      </>,
    );
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(input);
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});

describe('Button', () => {
  it('shows a spinner and ignores clicks while loading', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Continue
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Continue/ });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Please wait');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('Toggle', () => {
  it('is a switch that flips', async () => {
    function Harness() {
      const [on, setOn] = useState(false);
      return <Toggle label="Marketing by email" checked={on} onChange={setOn} />;
    }
    render(<Harness />);
    const toggle = screen.getByRole('switch', { name: 'Marketing by email' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });
});

describe('Popup', () => {
  it('opens as a labelled dialog, locks scroll and closes on Escape', async () => {
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <Popup open={open} onClose={() => setOpen(false)} title="Need help with your card number?">
          <p>Call us</p>
        </Popup>
      );
    }
    render(<Harness />);
    expect(screen.getByRole('dialog', { name: 'Need help with your card number?' })).toBeInTheDocument();
    expect(document.body).toHaveClass('scroll-locked');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('scroll-locked');
  });
});

describe('Popup focus', () => {
  it('keeps the keyboard inside: Shift+Tab from the dialog goes to its last control, the page behind gives focus back', async () => {
    render(
      <>
        <button type="button">Behind</button>
        <Popup open onClose={() => undefined} title="How do I use my card?">
          <a href="/help">Help centre</a>
        </Popup>
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'How do I use my card?' });
    expect(dialog).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'Help centre' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    act(() => screen.getByRole('button', { name: 'Behind', hidden: true }).focus());
    expect(dialog).toHaveFocus();
  });
});

describe('Toast', () => {
  it('gives an action the focus when asked, and waits while the focus is on it', () => {
    vi.useFakeTimers();
    function Trigger() {
      const toast = useToast();
      return (
        <button
          type="button"
          onClick={() =>
            toast.show({
              message: 'Offer hidden',
              action: { label: 'Undo', onAction: () => undefined, focus: true },
            })
          }
        >
          hide
        </button>
      );
    }
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'hide' }).click());
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toHaveFocus();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    act(() => {
      undo.blur();
    });
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(screen.queryByText('Offer hidden')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('shows the default error text for 4 seconds and runs Undo', () => {
    vi.useFakeTimers();
    const onUndo = vi.fn();
    function Trigger() {
      const toast = useToast();
      return (
        <>
          <button type="button" onClick={() => toast.show({ level: 'ERROR' })}>
            fail
          </button>
          <button
            type="button"
            onClick={() =>
              toast.show({ message: 'Offer hidden', action: { label: 'Undo', onAction: onUndo } })
            }
          >
            hide
          </button>
        </>
      );
    }
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'fail' }).click());
    expect(screen.getByText('Looks like something went wrong. Please try again later.')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(3999);
    });
    expect(screen.getByText('Looks like something went wrong. Please try again later.')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(
      screen.queryByText('Looks like something went wrong. Please try again later.'),
    ).not.toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'hide' }).click());
    act(() => screen.getByRole('button', { name: 'Undo' }).click());
    expect(onUndo).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });
});
