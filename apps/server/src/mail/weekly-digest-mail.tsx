import { formatMinorAmount } from '@portal/contract/invoices';
import { formatCount, formatDateSpan, formatDay, formatTimeRange } from '@portal/contract/format/locale-format';
import { brandFor } from '@portal/contract/format/brand';
import { bookingPath, PORTAL_PATHS, portalUrl } from '@portal/contract/portal-paths';
import type { MailMessage } from '../lib/mailer';
import { MailLayout } from './mail-layout';
import { Actions, Facts, MailHeading, Paragraph, SmallPrint, TextLink } from './mail-parts';
import { renderMail, type MailReader } from './render-mail';

/**
 * The weekly digest (a contact who asked for it in Settings, Monday morning): last week's spend and fill rate, and the
 * coming week's unfilled bookings with a link to each. Spend is the reports' (invoice lines by the date of the work), so
 * work not invoiced yet is not in it. Dates, times and amounts as the reader's locale writes them;
 * a part the contact has no permission for is left out.
 */
export interface WeeklyDigestMail extends MailReader {
  firstName: string;
  /** Monday and Sunday of last week, and of the coming week ('YYYY-MM-DD'). */
  lastWeek: { from: string; to: string };
  comingWeek: { from: string; to: string };
  /** Spend before tax per currency (null: no accounts view). */
  spend: ReadonlyArray<{ currency: string; amountMinor: number }> | null;
  /** Last week's bookings and fill rate (null: no booking view); fillRatePercentage -1 when there were none. */
  fill: { bookings: number; filled: number; fillRatePercentage: number } | null;
  /** The coming week's unfilled bookings, soonest first (null: no booking view), and how many in all. */
  unfilled: {
    total: number;
    bookings: ReadonlyArray<{ id: number; dateLocal: string; startTime: string; endTime: string; school: string; role: string }>;
  } | null;
}

function spendText(mail: WeeklyDigestMail): string | null {
  if (!mail.spend) return null;
  if (mail.spend.length === 0) return 'Nothing invoiced yet';
  return mail.spend.map((s) => formatMinorAmount(s.amountMinor, s.currency, mail.locale)).join(' + ');
}

function fillText(mail: WeeklyDigestMail): string | null {
  if (!mail.fill) return null;
  if (mail.fill.fillRatePercentage < 0) return 'No bookings';
  return `${mail.fill.fillRatePercentage}% (${formatCount(mail.fill.filled, mail.locale)} of ${formatCount(mail.fill.bookings, mail.locale)} filled)`;
}

function WeeklyDigestEmail(mail: WeeklyDigestMail) {
  const product = brandFor(mail.locale).productName;
  const spend = spendText(mail);
  const fill = fillText(mail);
  const unfilled = mail.unfilled;
  const more = unfilled ? unfilled.total - unfilled.bookings.length : 0;
  return (
    <MailLayout
      locale={mail.locale}
      origin={mail.origin}
      preview={subjectOf(mail)}
      reason={`you asked for a weekly digest in ${product} Settings.`}
    >
      <MailHeading>Your week in {product}</MailHeading>
      <Paragraph>{mail.firstName ? `Hello ${mail.firstName},` : 'Hello,'}</Paragraph>
      <Paragraph>Last week, {formatDateSpan(mail.lastWeek.from, mail.lastWeek.to, mail.locale)}:</Paragraph>
      <Facts items={[spend !== null && ['Spend invoiced (before tax)', spend], fill !== null && ['Fill rate', fill]]} />
      {unfilled && (
        <>
          <Paragraph>
            {unfilled.total === 0
              ? 'No bookings of the coming week are unfilled.'
              : `Unfilled bookings of the coming week (${formatDateSpan(mail.comingWeek.from, mail.comingWeek.to, mail.locale)}): ${formatCount(unfilled.total, mail.locale)}`}
          </Paragraph>
          {unfilled.bookings.map((b) => (
            <Paragraph key={b.id}>
              <TextLink href={portalUrl(mail.origin, bookingPath(b.id))}>{formatDay(b.dateLocal, mail.locale)}</TextLink>
              {` · ${formatTimeRange(b.startTime, b.endTime, mail.locale)} · ${b.school} · ${b.role}`}
            </Paragraph>
          ))}
          {more > 0 && <SmallPrint>{`And ${formatCount(more, mail.locale)} more on the bookings page.`}</SmallPrint>}
        </>
      )}
      <Actions
        actions={[
          { label: 'Open reports', href: portalUrl(mail.origin, PORTAL_PATHS.reports) },
          ...(unfilled ? [{ label: 'Open bookings', href: portalUrl(mail.origin, PORTAL_PATHS.bookings) }] : []),
        ]}
      />
      <SmallPrint>
        To stop these e-mails, turn off the weekly digest in{' '}
        <TextLink href={portalUrl(mail.origin, PORTAL_PATHS.settings)}>Settings</TextLink>
      </SmallPrint>
    </MailLayout>
  );
}

function subjectOf(mail: WeeklyDigestMail): string {
  const n = mail.unfilled?.total ?? 0;
  const week = `Your week in ${brandFor(mail.locale).productName}`;
  return mail.unfilled && n > 0 ? `${week}: ${formatCount(n, mail.locale)} unfilled ${n === 1 ? 'booking' : 'bookings'}` : week;
}

export function compose(mail: WeeklyDigestMail): Promise<MailMessage> {
  return renderMail(mail.to, subjectOf(mail), <WeeklyDigestEmail {...mail} />);
}
