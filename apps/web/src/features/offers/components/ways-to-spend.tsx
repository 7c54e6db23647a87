import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';

/**
 * The ways-to-spend block beside the member's points (docs/product/switches-and-constants.md §S9 'ways to
 * spend' switch; ADR 038): where the points can go, each a link to the page that does it.
 */
export function WaysToSpend() {
  const ways = [
    { to: '/spend', title: 'Vouchers and rewards', text: 'Swap points for money off and treats.' },
    {
      to: '/redemption',
      title: `At the till`,
      text: `Spend points at ${brand.retailer} and ${brand.fuelPartner}.`,
    },
    {
      to: '/account/linked-partners',
      title: 'Travel',
      text: `Convert points to ${brand.airlinePartner} or ${brand.hotelPartner}.`,
    },
    { to: '/brands', title: 'With our partners', text: 'Spend points with partner brands.' },
  ];
  return (
    <section className="offers-home__section ways-to-spend" aria-labelledby="ways-to-spend">
      <h2 id="ways-to-spend">Ways to spend</h2>
      <ul className="ways-to-spend__list">
        {ways.map((way) => (
          <li key={way.to}>
            <Link to={way.to}>{way.title}</Link>
            <span>{way.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
