import { Link, useParams } from 'react-router';
import { dataExportMessages as m } from '@app/contracts/data-export-constants';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useCheckDataDownload } from './api/check-data-download.ts';
import { useDownloadData } from './api/download-data.ts';
import { DataExportLayout } from './components/data-export-layout.tsx';

const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * /account/your-data/download/:token, the emailed link (ADR 044): checks the link is this member's, unused and
 * current, then downloads the zip once. Someone else's link is refused and stays unused for its owner.
 */
export function DataDownloadPage() {
  const { token = '' } = useParams();
  const link = useCheckDataDownload(token);
  const download = useDownloadData(token);
  const again = (
    <p>
      <Link to="/account/your-data">Go to Download your data</Link>
    </p>
  );
  if (link.isPending)
    return (
      <DataExportLayout>
        <Spinner label="Checking your link" />
      </DataExportLayout>
    );
  if (link.isError) {
    return (
      <DataExportLayout>
        <Alert title="This link can't be used">{link.error.message}</Alert>
        {again}
      </DataExportLayout>
    );
  }
  return (
    <DataExportLayout>
      {download.isSuccess ? (
        <>
          <Alert tone="success">{m.downloadDone}</Alert>
          {again}
        </>
      ) : (
        <>
          <p>{m.downloadReady(link.data.expiresAt)}</p>
          <p className="data-export__file">
            {link.data.fileName} <span>zip, {sizeOf(link.data.sizeBytes)}</span>
          </p>
          {download.isError ? <Alert>{download.error.message}</Alert> : null}
          {download.isError ? (
            again
          ) : (
            <Button fullWidth loading={download.isPending} onClick={() => download.mutate()}>
              {m.download}
            </Button>
          )}
        </>
      )}
    </DataExportLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { DataDownloadPage as Component };
