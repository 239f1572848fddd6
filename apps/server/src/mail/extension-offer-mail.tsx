import { brandFor } from '@portal/contract/format/brand';
import { formatDay, formatTimeRange } from '@portal/contract/format/locale-format';
import type { MailMessage } from '../lib/mailer';
import { bookingSubject } from './booking-words';
import { MailLayout } from './mail-layout';
import { Facts, Lines, MailHeading, Paragraph, SmallPrint } from './mail-parts';
import { renderMail, type MailReader } from './render-mail';

/**
 * To an educator whose booking a school extended: they are tentatively booked on the new days. Written in the
 * school's locale (educators have no language of their own); educators do not sign in to the client portal, so
 * this mail carries no portal link.
 */
export interface ExtensionOfferMail extends MailReader {
  firstName: string;
  school: string;
  days: ReadonlyArray<{ dateLocal: string; start: string; end: string }>;
}

function ExtensionOfferEmail(mail: ExtensionOfferMail) {
  const { locale } = mail;
  const company = brandFor(locale).companyName;
  return (
    <MailLayout
      locale={locale}
      origin={mail.origin}
      preview={`${mail.school} would like you to stay on.`}
      reason={`you are booked at ${mail.school} through ${company}.`}
      portalLink={false}
    >
      <MailHeading>{mail.school} would like you to stay on</MailHeading>
      <Paragraph>Hi {mail.firstName},</Paragraph>
      <Paragraph>{mail.school} extended your booking: you are tentatively booked on these days. We will confirm shortly.</Paragraph>
      <Facts
        items={[
          ['School', mail.school],
          [
            mail.days.length === 1 ? 'Date' : 'Dates',
            <Lines
              key="days"
              lines={mail.days.map((d) => [formatDay(d.dateLocal, locale), formatTimeRange(d.start, d.end, locale)] as const)}
            />,
          ],
        ]}
      />
      <SmallPrint>If you cannot work on these days, let your {company} consultant know as soon as you can.</SmallPrint>
    </MailLayout>
  );
}

export function compose(mail: ExtensionOfferMail): Promise<MailMessage> {
  const subject = bookingSubject(
    'Tentative booking extension',
    mail.school,
    mail.days.map((d) => d.dateLocal),
    null,
    mail.locale,
  );
  return renderMail(mail.to, subject, <ExtensionOfferEmail {...mail} />);
}
