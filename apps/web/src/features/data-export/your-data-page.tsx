import type { DataExportState } from '@app/contracts/data-export';
import { dataExportMessages as m, formatExportTime } from '@app/contracts/data-export-constants';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useDataExport } from './api/get-data-export.ts';
import { useRequestDataExport } from './api/request-data-export.ts';
import { DataExportLayout } from './components/data-export-layout.tsx';

/** What the member's latest request is, in words, and whether they may ask again now. */
function StateNotice({ state }: { state: DataExportState }) {
  switch (state.state) {
    case 'PREPARING':
      return (
        <Alert tone="info" title="Preparing your data">
          <p>{m.preparing}</p>
        </Alert>
      );
    case 'READY':
      return (
        <Alert tone="success" title="Check your email">
          <p>{m.ready(state.expiresAt ?? '')}</p>
        </Alert>
      );
    case 'DOWNLOADED':
      return (
        <Alert tone="info" live="none">
          <p>{m.downloaded(state.downloadedAt ?? '')}</p>
        </Alert>
      );
    case 'EXPIRED':
      return (
        <Alert tone="warning" live="none">
          <p>{m.expired}</p>
        </Alert>
      );
    case 'FAILED':
      return (
        <Alert tone="error" live="none">
          <p>{m.failed}</p>
        </Alert>
      );
    default:
      return null;
  }
}

/** /account/your-data: ask for a copy of everything held about you, and see where that request is. */
export function YourDataPage() {
  const current = useDataExport();
  const ask = useRequestDataExport();
  const state = current.data;
  return (
    <DataExportLayout>
      <p>{m.intro}</p>
      <p>{m.formats}</p>
      <p>{m.oncePerDay}</p>
      {current.isPending ? (
        <Spinner label="Loading your request" />
      ) : current.isError ? (
        <Alert>{current.error.message}</Alert>
      ) : state ? (
        <>
          <StateNotice state={state} />
          {ask.isError ? <Alert>{ask.error.message}</Alert> : null}
          {state.nextRequestAt ? (
            <p>You can ask for another copy from {formatExportTime(state.nextRequestAt)}.</p>
          ) : (
            <Button fullWidth loading={ask.isPending} onClick={() => ask.mutate()}>
              {m.ask}
            </Button>
          )}
        </>
      ) : null}
    </DataExportLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { YourDataPage as Component };
