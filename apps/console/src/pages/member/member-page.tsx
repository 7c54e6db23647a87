import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Link, useLocation, useParams } from 'react-router';
import { ConsoleApiError, messageOf } from '../../shared/api.ts';
import { useStaffSession } from '../../shared/session.ts';
import { staffApi } from '../../shared/staff-api.ts';
import { Notice } from '../../shared/ui/notice.tsx';
import { usePageTitle } from '../../shared/ui/page-title.ts';
import { CallerCheckForm } from './caller-check-form.tsx';
import { MemberActions } from './member-actions.tsx';
import { MemberOverview } from './member-overview.tsx';
import { MemberRecords } from './member-records.tsx';

/** What the search's link carried: the name for the caller check's heading, the search to go back to. */
const linkState = z.object({ name: z.string(), search: z.string() });

/**
 * The member (`/members/:id`): the caller check first (the server answers 409 CALLER_CHECK_REQUIRED until
 * this member of staff made one since signing in), then the overview.
 */
export function MemberPage() {
  const memberId = useParams().id ?? '';
  const location = useLocation();
  const queryClient = useQueryClient();
  const { may } = useStaffSession();
  const member = useQuery({
    queryKey: ['member', memberId],
    queryFn: () => staffApi.member(memberId),
    retry: false,
  });
  const fromSearch = linkState.safeParse(location.state).data;
  const name = member.data?.name ?? fromSearch?.name;
  usePageTitle(name ?? 'Member');

  const back = (
    <p className="back">
      <Link to={`/${fromSearch?.search ?? ''}`}>Back to the search</Link>
    </p>
  );
  if (member.isPending)
    return (
      <p className="loading" role="status">
        Loading the member…
      </p>
    );
  if (member.error instanceof ConsoleApiError && member.error.code === 'CALLER_CHECK_REQUIRED')
    return (
      <>
        {back}
        <CallerCheckForm
          memberId={memberId}
          name={name}
          onPassed={() => void queryClient.invalidateQueries({ queryKey: ['member', memberId] })}
        />
      </>
    );
  if (member.error)
    return (
      <>
        {back}
        <Notice tone="error">{messageOf(member.error)}</Notice>
      </>
    );
  return (
    <>
      {back}
      <MemberOverview
        member={member.data}
        mayReveal={may('reveal')}
        mayAdjust={may('adjustPoints')}
        actions={<MemberActions member={member.data} />}
      />
      <MemberRecords member={member.data} />
    </>
  );
}
