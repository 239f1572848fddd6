import { brandFor } from '@portal/contract/format/brand';
import { formatDay, formatTimeRange } from '@portal/contract/format/locale-format';
import { PORTAL_PATHS, portalUrl } from '@portal/contract/portal-paths';
import type { MailMessage } from '../lib/mailer';
import { bookingSubject, datesInBrief } from './booking-words';
import { MailLayout } from './mail-layout';
import { Actions, Facts, Lines, MailHeading, Paragraph, SmallPrint, TextLink } from './mail-parts';
import { renderMail, type MailReader } from './render-mail';

/** To an approver, in their locale: what was requested, and their own single-use Approve and Reject links. */
export interface ApprovalRequestMail extends MailReader {
  firstName: string;
  school: string;
  /** The school's client, when its name differs from the school's. */
  clientName: string | null;
  dates: readonly string[];
  startTime: string;
  endTime: string;
  classification: string;
  requestedBy: string;
  reference: string | null;
  approveUrl: string;
  rejectUrl: string;
  linkHours: number;
}

/** Beyond this many dates the mail gives the span and the count; the portal lists every date. */
const LISTED_DATES = 10;

function ApprovalRequestEmail(mail: ApprovalRequestMail) {
  const { locale } = mail;
  const dates = [...new Set(mail.dates)].sort();
  const product = brandFor(locale).productName;
  return (
    <MailLayout
      locale={locale}
      origin={mail.origin}
      preview={`${mail.requestedBy} asked for a booking at ${mail.school} on ${datesInBrief(dates, locale)}.`}
      reason={`you may approve bookings at ${mail.school}.`}
    >
      <MailHeading>A booking is waiting for your approval</MailHeading>
      <Paragraph>Hello {mail.firstName},</Paragraph>
      <Paragraph>A booking was requested and is waiting for your approval.</Paragraph>
      <Facts
        items={[
          ['School', mail.clientName ? `${mail.school} (${mail.clientName})` : mail.school],
          [
            dates.length === 1 ? 'Date' : 'Dates',
            dates.length <= LISTED_DATES ? (
              <Lines key="dates" lines={dates.map((d) => [formatDay(d, locale)] as const)} />
            ) : (
              datesInBrief(dates, locale)
            ),
          ],
          ['Times', formatTimeRange(mail.startTime, mail.endTime, locale)],
          ['Classification', mail.classification],
          ['Requested by', mail.requestedBy],
          !!mail.reference && ['Series reference', mail.reference],
        ]}
      />
      <Actions
        actions={[
          { label: 'Approve', href: mail.approveUrl },
          { label: 'Reject', href: mail.rejectUrl, variant: 'secondary' },
        ]}
      />
      <SmallPrint>The links work once, for you only, within {mail.linkHours} hours; each opens a page where you confirm.</SmallPrint>
      <SmallPrint>
        You can also decide in {product} under{' '}
        <TextLink href={portalUrl(mail.origin, PORTAL_PATHS.bookingsPendingApproval)}>Bookings, Pending approval</TextLink>
      </SmallPrint>
    </MailLayout>
  );
}

export function compose(mail: ApprovalRequestMail): Promise<MailMessage> {
  const subject = bookingSubject('Booking waiting for your approval', mail.school, mail.dates, mail.reference, mail.locale);
  return renderMail(mail.to, subject, <ApprovalRequestEmail {...mail} />);
}
