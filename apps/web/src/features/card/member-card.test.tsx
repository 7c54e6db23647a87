import { render, screen } from '@testing-library/react';
import { brand } from '@app/contracts/brand';
import { describe, expect, it } from 'vitest';
import { MemberCard } from './member-card.tsx';

const number = '9826300012345678901';

describe("the member's card", () => {
  it("shows the brand's card with the member's barcode and their number, readable as text", () => {
    const { container } = render(
      <MemberCard number={number} code128="iVBORw0KGgo=" failed={false} pending={false} />,
    );
    // The card's face is the brand's card image, decorative: the barcode and the number carry the meaning.
    const face = container.querySelector('.member-card__face');
    expect(face).toHaveAttribute('src', brand.cardImage.src);
    expect(face).toHaveAttribute('alt', '');
    expect(screen.getByRole('img', { name: `Barcode for card number ${number}` })).toBeVisible();
    const shown = screen.getByLabelText(`Card number ${number}`);
    expect(shown).toHaveTextContent(number);
    expect(shown.querySelector('strong')).toHaveTextContent('12345678901');
  });

  it('says the number still works when the barcode cannot be shown', () => {
    render(<MemberCard number={number} code128={undefined} failed pending={false} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Your card number still works at the till.');
    expect(screen.getByLabelText(`Card number ${number}`)).toBeVisible();
  });
});
