import { Link } from 'react-router';
import type { Transaction } from '@app/contracts/activity';
import { shortDate, wholeNumber } from '../../shared/format/uk-format.ts';

export const formatDay = shortDate;
export const formatPoints = (points: number) =>
  `${points > 0 ? '+' : points < 0 ? '−' : ''}${wholeNumber(Math.abs(points))} points`;

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
