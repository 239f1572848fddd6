import { formatDay, formatTimeRange } from '@portal/contract/format/locale-format';
import { bookingPath, portalUrl } from '@portal/contract/portal-paths';
import type { MailMessage } from '../lib/mailer';
import { BOOKING_EVENT_TITLES, bookingSubject, statusLabel, type BookingEvent } from './booking-words';
import { MailLayout } from './mail-layout';
import { Actions, Callout, Facts, Lines, MailHeading, Paragraph, type Fact } from './mail-parts';
import { renderMail, type MailReader } from './render-mail';

/**
 * A booking confirmation to one of the request's confirmation contacts: what happened, to which days, and a link;
 * in the recipient's locale (their contact's language, else the school's).
 */
export interface BookingUpdateMail extends MailReader {
  event: BookingEvent;
  recipientName: string;
  school: string;
  /** The block's series reference (the portal shows it); null for a single booking. */
  reference: string | null;
  /** The bookings concerned, by date ('HH:mm[:ss]' local times). */
  days: ReadonlyArray<{ id: number; dateLocal: string; start: string; end: string; status: string; educator: string | null }>;
  /** A reason or comment someone gave (a reject or cancel reason). */
  reason?: string | undefined;
}

const LEADS: Record<BookingEvent, string> = {
  created: 'We have received your booking and are finding an educator.',
  pending_approval: 'A booking was requested and is waiting for approval by your school.',
  approved: 'A booking was approved and sent to us to fill.',
  rejected: 'A booking request was rejected.',
  filled: 'Good news: an educator is confirmed for your booking.',
  extended: 'A booking was extended.',
  cancelled: 'A booking was cancelled.',
};

function BookingUpdateEmail(mail: BookingUpdateMail) {
  const { locale, days } = mail;
  const first = days[0];
  const sameTimes = days.every((d) => d.start === first?.start && d.end === first?.end);
  const times = first && sameTimes ? formatTimeRange(first.start, first.end, locale) : null;
  const facts: Array<Fact | false> =
    days.length === 1 && first
      ? [
          ['Date', formatDay(first.dateLocal, locale)],
          ['Times', formatTimeRange(first.start, first.end, locale)],
          ['Status', statusLabel(first.status)],
          !!first.educator && ['Educator', first.educator],
        ]
      : [
          [
            'Dates',
            <Lines
              key="dates"
              lines={days.map(
                (d) =>
                  [
                    formatDay(d.dateLocal, locale),
                    sameTimes ? null : formatTimeRange(d.start, d.end, locale),
                    statusLabel(d.status),
                    d.educator,
                  ] as const,
              )}
            />,
          ],
          !!times && ['Times', times],
        ];
  return (
    <MailLayout
      locale={locale}
      origin={mail.origin}
      preview={`${LEADS[mail.event]} ${mail.school}.`}
      reason={`you are a confirmation contact for this booking at ${mail.school}.`}
    >
      <MailHeading>{BOOKING_EVENT_TITLES[mail.event]}</MailHeading>
      <Paragraph>Hello {mail.recipientName},</Paragraph>
      <Paragraph>{LEADS[mail.event]}</Paragraph>
      <Facts items={[['School', mail.school], ...facts, !!mail.reference && ['Series reference', mail.reference]]} />
      {mail.reason && <Callout label={mail.event === 'approved' ? 'Comment' : 'Reason'}>{mail.reason}</Callout>}
      {first && <Actions actions={[{ label: 'View booking', href: portalUrl(mail.origin, bookingPath(first.id)) }]} />}
    </MailLayout>
  );
}

export function compose(mail: BookingUpdateMail): Promise<MailMessage> {
  const subject = bookingSubject(
    BOOKING_EVENT_TITLES[mail.event],
    mail.school,
    mail.days.map((d) => d.dateLocal),
    mail.reference,
    mail.locale,
  );
  return renderMail(mail.to, subject, <BookingUpdateEmail {...mail} />);
}
