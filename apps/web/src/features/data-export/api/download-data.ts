import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataExportPaths } from '@app/contracts/data-export-paths';
import { CHANNEL_HEADER, CHANNEL_VALUE, HTTP_TIMEOUT_MS } from '@app/contracts/http';
import { GENERIC_ERROR_MESSAGE } from '@app/contracts/error-messages';
import { HttpError, refusalOf } from '../../../shared/http/client.ts';
import { dataExportQueryKey } from './get-data-export.ts';

/** The file name the server gives in Content-Disposition, else a plain one. */
const fileNameOf = (response: Response) =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'your-data.zip';

/**
 * POST /data-export-api/downloads {token} (ADR 044): the zip, once. The shared client reads JSON only, so this
 * call reads the answer as a file (a Blob) and a refusal as the usual `{code, description}` error.
 */
export async function downloadData(token: string): Promise<{ fileName: string; file: Blob }> {
  let response: Response;
  try {
    response = await fetch(dataExportPaths.download, {
      method: 'POST',
      headers: { [CHANNEL_HEADER]: CHANNEL_VALUE, 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch {
    throw new HttpError(0, undefined, GENERIC_ERROR_MESSAGE, undefined);
  }
  if (!response.ok) throw refusalOf(response.status, await response.json().catch(() => undefined));
  return { fileName: fileNameOf(response), file: await response.blob() };
}

/** Hands a file to the browser's downloads, as a link to it with `download` would. */
export function saveFile(fileName: string, file: Blob) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the file after the click returns: the object URL is let go a minute later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDownloadData(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => downloadData(token),
    onSuccess: ({ fileName, file }) => saveFile(fileName, file),
    // The link is used now (or was refused): the account page's state reads again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataExportQueryKey, exact: true }),
  });
}
