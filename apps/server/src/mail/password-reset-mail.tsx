import { brandFor } from '@portal/contract/format/brand';
import type { MailMessage } from '../lib/mailer';
import { MailLayout } from './mail-layout';
import { Actions, LinkFallback, MailHeading, Paragraph, SmallPrint } from './mail-parts';
import { renderMail, type MailReader } from './render-mail';

/** The reset link someone asked for on the sign-in page (the link is the first address in the text part). */
export interface PasswordResetMail extends MailReader {
  firstName: string;
  resetUrl: string;
  minutes: number;
}

function PasswordResetEmail(mail: PasswordResetMail) {
  const product = brandFor(mail.locale).productName;
  return (
    <MailLayout
      locale={mail.locale}
      origin={mail.origin}
      preview={`Choose a new password within ${mail.minutes} minutes.`}
      reason={`someone asked to reset the password of the ${product} account with this address.`}
    >
      <MailHeading>Reset your password</MailHeading>
      <Paragraph>{mail.firstName ? `Hello ${mail.firstName},` : 'Hello,'}</Paragraph>
      <Paragraph>Someone (we hope you) asked to reset the password of your {product} account.</Paragraph>
      <Actions actions={[{ label: 'Choose a new password', href: mail.resetUrl }]} />
      <SmallPrint>The link works once, within {mail.minutes} minutes.</SmallPrint>
      <SmallPrint>If you did not ask for this, ignore this e-mail: your password stays as it is.</SmallPrint>
      <LinkFallback href={mail.resetUrl} />
    </MailLayout>
  );
}

export function compose(mail: PasswordResetMail): Promise<MailMessage> {
  const subject = `Reset your ${brandFor(mail.locale).productName} password`;
  return renderMail(mail.to, subject, <PasswordResetEmail {...mail} />);
}
