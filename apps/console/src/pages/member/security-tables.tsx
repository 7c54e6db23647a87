import { createColumnHelper } from '@tanstack/react-table';
import { accountEventLabels, type AccountEventType } from '@app/contracts/account';
import type { StaffMemberView } from '@app/contracts/staff';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { Day, Moment } from './cells.tsx';

type Session = StaffMemberView['sessions'][number];
type Device = StaffMemberView['devices'][number];
type Passkey = StaffMemberView['passkeys'][number];
type SecurityEvent = StaffMemberView['securityEvents'][number];
type Consent = StaffMemberView['consents'][number];

const session = createColumnHelper<Session>();
const sessionColumns = [
  session.display({ id: 'device', header: 'Device', cell: ({ row }) => row.original.device }),
  session.display({
    id: 'started',
    header: 'Signed in',
    cell: ({ row }) => <Moment iso={row.original.startedAt} />,
  }),
  session.display({
    id: 'seen',
    header: 'Last seen',
    cell: ({ row }) => <Moment iso={row.original.lastSeenAt} />,
  }),
];

export const SessionsTable = ({ sessions }: { sessions: Session[] }) => (
  <DataTable
    caption="Signed-in sessions, last seen first"
    columns={sessionColumns}
    data={sessions}
    rowKey={(row) => row.id}
    empty="Not signed in anywhere."
  />
);

const device = createColumnHelper<Device>();
const deviceColumns = [
  device.display({
    id: 'client',
    header: 'App',
    cell: ({ row }) => <span className="mono mono--small">{row.original.client}</span>,
  }),
  device.display({
    id: 'first',
    header: 'First seen',
    cell: ({ row }) => <Day iso={row.original.firstSeenAt} />,
  }),
  device.display({
    id: 'last',
    header: 'Last seen',
    cell: ({ row }) => <Moment iso={row.original.lastSeenAt} />,
  }),
];

export const DevicesTable = ({ devices }: { devices: Device[] }) => (
  <DataTable
    caption="Trusted devices, last seen first"
    columns={deviceColumns}
    data={devices}
    rowKey={(row) => `${row.client}-${row.firstSeenAt}-${row.lastSeenAt}`}
    empty="No trusted devices: each new sign-in asks for a code."
  />
);

const passkey = createColumnHelper<Passkey>();
const passkeyColumns = [
  passkey.display({ id: 'name', header: 'Name', cell: ({ row }) => row.original.name }),
  passkey.display({ id: 'device', header: 'Added on', cell: ({ row }) => row.original.device }),
  passkey.display({
    id: 'synced',
    header: 'Synced',
    cell: ({ row }) => (row.original.synced ? 'Yes' : 'No'),
  }),
  passkey.display({ id: 'added', header: 'Added', cell: ({ row }) => <Day iso={row.original.createdAt} /> }),
  passkey.display({
    id: 'used',
    header: 'Last used',
    cell: ({ row }) => (row.original.lastUsedAt ? <Moment iso={row.original.lastUsedAt} /> : 'Never'),
  }),
];

export const PasskeysTable = ({ passkeys }: { passkeys: Passkey[] }) => (
  <DataTable
    caption="Passkeys"
    columns={passkeyColumns}
    data={passkeys}
    rowKey={(row) => row.id}
    empty="No passkeys."
  />
);

/** An event as the member's own security page names it; a type the console does not know, as it is. */
const eventLabel = (type: string) => accountEventLabels[type as AccountEventType] ?? type;

const event = createColumnHelper<SecurityEvent>();
const eventColumns = [
  event.display({ id: 'when', header: 'When', cell: ({ row }) => <Moment iso={row.original.createdAt} /> }),
  event.display({
    id: 'what',
    header: 'What happened',
    cell: ({ row }) => (
      <>
        {eventLabel(row.original.type)}
        {row.original.detail && <span className="mono mono--small"> · {row.original.detail}</span>}
      </>
    ),
  }),
  event.display({ id: 'device', header: 'Device', cell: ({ row }) => row.original.device ?? '—' }),
];

export const SecurityEventsTable = ({ events }: { events: SecurityEvent[] }) => (
  <DataTable
    caption="Security log, newest first"
    columns={eventColumns}
    data={events}
    rowKey={(row) => row.id}
    empty="Nothing in the security log yet."
  />
);

const consent = createColumnHelper<Consent>();
const consentColumns = [
  consent.display({
    id: 'when',
    header: 'Agreed',
    cell: ({ row }) => <Moment iso={row.original.agreedAt} />,
  }),
  consent.display({
    id: 'what',
    header: 'What',
    cell: ({ row }) => <span className="mono mono--small">{row.original.kind}</span>,
  }),
  consent.display({ id: 'wording', header: 'Wording', cell: ({ row }) => row.original.wordingVersion }),
];

export const ConsentsTable = ({ consents }: { consents: Consent[] }) => (
  <DataTable
    caption="Consents, newest first"
    columns={consentColumns}
    data={consents}
    rowKey={(row) => row.id}
    empty="No consents recorded."
  />
);
