import { useEffect, useState } from 'react';
import { clearReturnMessage, peekReturnMessage } from '../partner-return.ts';

export type Notice = { kind: 'error' | 'message'; text: string } | undefined;

/** The partner return flow's message (SP_ERROR / SP_MESSAGE): shown by the page it returns to, once. */
export function useReturnNotice() {
  const [notice, setNotice] = useState<Notice>(peekReturnMessage);
  useEffect(() => clearReturnMessage(), []);
  return [notice, setNotice] as const;
}

/** An error is announced at once (alert); a success politely (status). */
export function ReturnNotice({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return notice.kind === 'error' ? (
    <p role="alert" className="linked-partners__notice linked-partners__notice--error">
      {notice.text}
    </p>
  ) : (
    <p role="status" className="linked-partners__notice">
      {notice.text}
    </p>
  );
}
