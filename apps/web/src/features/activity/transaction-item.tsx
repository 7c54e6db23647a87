import { Link } from 'react-router';
import type { Transaction } from '@app/contracts/activity';

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
export const formatDay = (iso: string) => dayFormat.format(new Date(iso));
export const formatPoints = (points: number) =>
  `${points > 0 ? '+' : points < 0 ? '−' : ''}${Math.abs(points).toLocaleString('en-GB')} points`;

/** One line of the activity: when, where, what, and the points it added or took. */
export function TransactionItem({ item, receipts }: { item: Transaction; receipts: boolean }) {
  return (
    <li className="activity__item">
      <div className="activity__what">
        <p className="activity__description">{item.description}</p>
        <p className="activity__where">
          {item.partnerName}
          {item.storeName ? `, ${item.storeName}` : ''} ·{' '}
          <time dateTime={item.date}>{formatDay(item.date)}</time>
        </p>
        {item.spend || item.saving ? (
          <p className="activity__money">
            {item.spend ? `You spent ${item.spend}` : ''}
            {item.spend && item.saving ? ' · ' : ''}
            {item.saving ? `You saved ${item.saving}` : ''}
          </p>
        ) : null}
        <p className="activity__links">
          {receipts && item.receiptId ? (
            <Link to={`/activity/receipt/${item.receiptId}`}>View receipt</Link>
          ) : null}
          {item.voucherId ? <Link to={`/voucher-details/${item.id}`}>View voucher</Link> : null}
        </p>
      </div>
      <p className={`activity__points${item.points < 0 ? ' activity__points--spent' : ''}`}>
        {formatPoints(item.points)}
      </p>
    </li>
  );
}
