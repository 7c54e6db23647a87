import { Link, useParams } from 'react-router';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { receiptDownloadUrl, useReceipt } from './api/get-receipt.ts';
import { formatDay } from './transaction-item.tsx';
import './activity.css';
import { Alert } from '../../shared/ui/alert.tsx';
import { wholeNumber } from '../../shared/format/uk-format.ts';

/** /activity/receipt/:digitalReceiptId (digital receipts switch): the lines of one shop, and a download. */
export function ReceiptPage() {
  const { digitalReceiptId = '' } = useParams();
  const receipt = useReceipt(digitalReceiptId);
  return (
    <main id="main" className="activity-page">
      <h1>Your receipt</h1>
      {receipt.isPending ? (
        <Spinner size="large" label="Loading your receipt" />
      ) : receipt.isError ? (
        <Alert>{receipt.error.message}</Alert>
      ) : (
        <section className="activity" aria-label="Receipt">
          <p>
            {receipt.data.partnerName}
            {receipt.data.storeName ? `, ${receipt.data.storeName}` : ''} ·{' '}
            <time dateTime={receipt.data.date}>{formatDay(receipt.data.date)}</time>
          </p>
          <table className="activity-table">
            <caption className="visually-hidden">What you bought</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Saving</th>
                <th scope="col">Price</th>
              </tr>
            </thead>
            <tbody>
              {receipt.data.lines.map((line, index) => (
                <tr key={index}>
                  <td>
                    {line.quantity} × {line.description}
                  </td>
                  <td>{line.saving === '£0.00' ? '' : `−${line.saving}`}</td>
                  <td>{line.price}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td>{receipt.data.saving === '£0.00' ? '' : `You saved ${receipt.data.saving}`}</td>
                <td>{receipt.data.total}</td>
              </tr>
            </tfoot>
          </table>
          <p>Points collected: {wholeNumber(receipt.data.points)}</p>
          <a className="button button--secondary" href={receiptDownloadUrl(digitalReceiptId)} download>
            Download receipt
          </a>
        </section>
      )}
      <p>
        <Link to="/card/activity">Back to your activity</Link>
      </p>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { ReceiptPage as Component };
