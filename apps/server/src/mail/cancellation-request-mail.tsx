import { brandFor } from '@portal/contract/format/brand';
import { DateTime } from 'luxon';
import { formatDayLong, formatTimeRange } from '@portal/contract/format/locale-format';
import { zoneAbbreviation } from '@portal/contract/format/time-zone';
import type { MailMessage } from '../lib/mailer';
import { statusLabel } from './booking-words';
import { MailLayout } from './mail-layout';
import { Actions, Callout, Facts, MailHeading, Paragraph, SmallPrint } from './mail-parts';
import { renderMail, type MailReader } from './render-mail';

/**
 * To the provider office of the school's region, in that region's locale: cancel a booking that cannot be
 * cancelled online.
 */
export interface CancellationRequestMail extends MailReader {
  requester: { name: string; email: string | null };
  clientName: string;
  school: string;
  dateLocal: string;
  start: string;
  end: string;
  timeZone: string;
  educator: string | null;
  status: string;
  /** The block's series reference and this booking's place in it, as the portal shows them. */
  series: { reference: string; position: number | null; total: number | null } | null;
  reason: string;
  bookingUrl: string;
}

function CancellationRequestEmail(mail: CancellationRequestMail) {
  const { locale } = mail;
  // The office may sit in another zone than the school: the times say whose clock they are on.
  const startsAt =
    DateTime.fromISO(`${mail.dateLocal}T${mail.start}`, { zone: mail.timeZone }).toUTC().toISO() ?? `${mail.dateLocal}T00:00:00Z`;
  const times = `${formatTimeRange(mail.start, mail.end, locale)} (${zoneAbbreviation(mail.timeZone, startsAt, locale)})`;
  const series = mail.series;
  return (
    <MailLayout
      locale={locale}
      origin={mail.origin}
      preview={`${mail.requester.name} asks you to cancel a booking at ${mail.school}.`}
      reason={`a ${brandFor(locale).productName} user asked to cancel a booking that cannot be cancelled online.`}
    >
      <MailHeading>Please cancel this booking</MailHeading>
      <Paragraph>
        {mail.requester.name}
        {mail.requester.email ? ` (${mail.requester.email})` : ''} asks you to cancel this booking. It cannot be cancelled online: an
        educator is assigned or it has started.
      </Paragraph>
      <Facts
        items={[
          ['School', mail.clientName === mail.school ? mail.school : `${mail.school} (${mail.clientName})`],
          ['Date', formatDayLong(mail.dateLocal, locale)],
          ['Times', times],
          ['Educator', mail.educator ?? 'Not yet assigned'],
          ['Status', statusLabel(mail.status)],
          !!series && [
            'Series reference',
            series.position && series.total ? `${series.reference}, ${series.position} of ${series.total}` : series.reference,
          ],
        ]}
      />
      <Callout label="Reason">{mail.reason}</Callout>
      <Actions actions={[{ label: 'View booking', href: mail.bookingUrl }]} />
      <SmallPrint>
        {mail.requester.email
          ? `Please confirm to ${mail.requester.email} once it is cancelled.`
          : 'Please confirm to the school once it is cancelled.'}
      </SmallPrint>
    </MailLayout>
  );
}

export function compose(mail: CancellationRequestMail): Promise<MailMessage> {
  const subject = `Cancellation request: ${mail.school}, ${formatDayLong(mail.dateLocal, mail.locale)}`;
  return renderMail(mail.to, subject, <CancellationRequestEmail {...mail} />);
}
