import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import './info-pages.css';

/** The quests the product runs (original text; ADR 015): each is a short challenge with a points reward. */
const QUESTS = [
  {
    title: 'Three-week streak',
    task: `Shop at ${brand.retailer} with your card three weeks in a row.`,
    reward: 300,
  },
  { title: 'Fill up', task: `Buy fuel at ${brand.fuelPartner} twice in a month.`, reward: 150 },
  { title: 'Offer explorer', task: 'Save five offers to your card and use two of them.', reward: 100 },
] as const;

/** /your-{product}-quests: the current quests and how they work. */
export function QuestsPage() {
  return (
    <main id="main" className="page info-page">
      <h1>Your {brand.name} quests</h1>
      <p>Complete a quest to collect bonus points. Points arrive within 48 hours of finishing.</p>
      <ul className="info-page__list">
        {QUESTS.map((quest) => (
          <li key={quest.title}>
            <h2>{quest.title}</h2>
            <p>{quest.task}</p>
            <p>
              <strong>{quest.reward} bonus points</strong>
            </p>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/homepage">See your offers</Link> ·{' '}
        <Link to={`/your-${brand.slug}-quests/terms-and-conditions`}>Quests terms and conditions</Link>
      </p>
    </main>
  );
}

/** /your-{product}-quests/terms-and-conditions. */
export function QuestsTermsPage() {
  return (
    <main id="main" className="page info-page">
      <h1>Quests terms and conditions</h1>
      <ol>
        <li>Quests are open to {brand.name} members aged 16 or over with a registered card.</li>
        <li>Only purchases made with your own card count, from the day a quest starts to the day it ends.</li>
        <li>Each quest can be completed once per member. Bonus points are added within 48 hours.</li>
        <li>Returned purchases do not count, and points for them may be taken back.</li>
        <li>We may change or end a quest with notice on this page. The Collector Rules also apply.</li>
      </ol>
      <Link to={`/your-${brand.slug}-quests`}>Back to quests</Link>
    </main>
  );
}
