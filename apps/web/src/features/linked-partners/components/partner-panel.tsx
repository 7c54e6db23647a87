import { useState } from 'react';
import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import {
  linkRequestSchema,
  linkedPartnerMessages,
  modalTexts,
  type PartnerStatus,
} from '@app/contracts/linked-partners';
import { errorMessageOf, HttpError } from '../../../shared/http/client.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Popup } from '../../../shared/ui/popup.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { useLinkPartner } from '../api/link-partner.ts';
import { useUnlinkPartner } from '../api/unlink-partner.ts';
import { Alert } from '../../../shared/ui/alert.tsx';
import { wholeNumber } from '../../../shared/format/uk-format.ts';

const messageOf = (error: unknown) => errorMessageOf(error instanceof HttpError ? error.body : undefined);
const points = (n: number) => wholeNumber(n);
const startedAt = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * One linked partner (docs/product/signed-in-pages.md §S3, docs/product/calls-and-errors.md §S8): its link
 * state, the link form (link type link) and the join choice (link type join), unlink behind the unlink_legal
 * modal, and the way to convert points.
 */
export function PartnerPanel({
  partner,
  onMessage,
}: {
  partner: PartnerStatus;
  onMessage: (text: string) => void;
}) {
  const link = useLinkPartner();
  const unlink = useUnlinkPartner();
  const [membershipNumber, setMembershipNumber] = useState('');
  const [lastName, setLastName] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ membershipNumber?: string; lastName?: string }>({});
  const [modal, setModal] = useState<'link_success' | 'unlink_legal' | null>(null);
  const [successText, setSuccessText] = useState('');
  const headingId = `partner-${partner.partnerId}`;
  const capReached = partner.linkUnlinkCount >= partner.linkUnlinkCap;

  const submitLink = () => {
    const parsed = linkRequestSchema.safeParse({ linkType: 'link', membershipNumber, lastName });
    if (!parsed.success) {
      const errors: typeof fieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof typeof fieldErrors;
        errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    link.mutate(
      { partnerId: partner.partnerId, body: parsed.data },
      {
        onSuccess: (result) => {
          setSuccessText(result.message);
          setModal('link_success');
          setMembershipNumber('');
          setLastName('');
        },
      },
    );
  };

  return (
    <section className="partner-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{partner.name}</h2>
      {partner.pendingTransfers.map((transfer) => (
        <p key={transfer.id} role="status" className="linked-partners__notice">
          <strong>
            {transfer.conversionType === 'NECTAR_TO_PARTNER'
              ? `${points(transfer.pointsGiven)} points to ${points(transfer.pointsReceived)} ${partner.pointsName}`
              : `${points(transfer.pointsGiven)} ${partner.pointsName} to ${points(transfer.pointsReceived)} points`}
          </strong>{' '}
          (started {startedAt(transfer.createdAt)}).{' '}
          {linkedPartnerMessages.common.BEING_REFUNDED(partner.name)}
        </p>
      ))}
      {partner.linked ? (
        <>
          <p>
            Linked to {partner.membershipLabel.toLowerCase()} {partner.linked.membershipNumberMasked}.
          </p>
          <p className="partner-panel__balance">
            {partner.linked.partnerBalance === null
              ? `We can't show your ${partner.pointsName} balance right now.`
              : `${points(partner.linked.partnerBalance)} ${partner.pointsName}`}
          </p>
          <div className="partner-panel__actions">
            <Link className="button button--primary" to={`/brands/${partner.brandDetailsKey}/conversion`}>
              <span>Convert points with {partner.name}</span>
            </Link>
            <Button variant="secondary" onClick={() => setModal('unlink_legal')}>
              Unlink account
            </Button>
          </div>
          {unlink.isError ? <Alert>{messageOf(unlink.error)}</Alert> : null}
        </>
      ) : (
        <>
          <p>
            Link your {partner.name} account to convert {brand.name} points to {partner.pointsName} and back.
          </p>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submitLink();
            }}
          >
            <TextField
              label={partner.membershipLabel}
              value={membershipNumber}
              maxLength={16}
              autoComplete="off"
              error={fieldErrors.membershipNumber}
              onChange={(event) => setMembershipNumber(event.target.value)}
            />
            <TextField
              label="Last name"
              value={lastName}
              maxLength={60}
              autoComplete="family-name"
              error={fieldErrors.lastName}
              onChange={(event) => setLastName(event.target.value)}
            />
            <div className="partner-panel__actions">
              <Button type="submit" loading={link.isPending && link.variables.body.linkType === 'link'}>
                Link account
              </Button>
              <Button
                variant="secondary"
                loading={link.isPending && link.variables.body.linkType === 'join'}
                onClick={() =>
                  link.mutate(
                    { partnerId: partner.partnerId, body: { linkType: 'join' } },
                    {
                      onSuccess: (result) => {
                        setSuccessText(result.message);
                        setModal('link_success');
                      },
                    },
                  )
                }
              >
                Join {partner.name}
              </Button>
            </div>
          </form>
          {link.isError ? <Alert>{messageOf(link.error)}</Alert> : null}
        </>
      )}
      <p className="partner-panel__count">
        {capReached
          ? `You've used all ${partner.linkUnlinkCap} links and unlinks for this account.`
          : `You've used ${partner.linkUnlinkCount} of ${partner.linkUnlinkCap} links and unlinks.`}
      </p>

      <Popup
        partner
        open={modal === 'link_success'}
        onClose={() => setModal(null)}
        title={modalTexts.link_success.title}
      >
        <p>{successText}</p>
        <Button onClick={() => setModal(null)}>Done</Button>
      </Popup>
      <Popup
        partner
        open={modal === 'unlink_legal'}
        onClose={() => setModal(null)}
        title={modalTexts.unlink_legal.title}
      >
        <p>{modalTexts.unlink_legal.text}</p>
        <div className="partner-panel__actions">
          <Button
            loading={unlink.isPending}
            onClick={() =>
              unlink.mutate(partner.partnerId, {
                onSuccess: (result) => onMessage(result.message),
                onSettled: () => setModal(null),
              })
            }
          >
            Yes, unlink
          </Button>
          <Button variant="secondary" onClick={() => setModal(null)}>
            Cancel
          </Button>
        </div>
      </Popup>
    </section>
  );
}
