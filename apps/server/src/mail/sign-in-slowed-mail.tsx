import { brandFor } from '@portal/contract/format/brand';
import { PORTAL_PATHS, portalUrl } from '@portal/contract/portal-paths';
import type { MailMessage } from '../lib/mailer';
import { MailLayout } from './mail-layout';
import { Actions, LinkFallback, MailHeading, Paragraph, SmallPrint, TextLink } from './mail-parts';
import { renderMail, type MailReader } from './render-mail';

/**
 * After many failed sign-ins from anywhere: the account is slowed down, not locked, and the link lifts the
 * slow-down (the link is the first address in the text part).
 */
export interface SignInSlowedMail extends MailReader {
  firstName: string;
  unlockUrl: string;
  hours: number;
}

function SignInSlowedEmail(mail: SignInSlowedMail) {
  const product = brandFor(mail.locale).productName;
  return (
    <MailLayout
      locale={mail.locale}
      origin={mail.origin}
      preview="Signing in to your account is slowed down for a while to keep it safe."
      reason={`there were many failed sign-ins to the ${product} account with this address.`}
    >
      <MailHeading>Many failed sign-ins to your account</MailHeading>
      <Paragraph>{mail.firstName ? `Hello ${mail.firstName},` : 'Hello,'}</Paragraph>
      <Paragraph>
        There were many failed attempts to sign in to your {product} account, so signing in to it is slowed down for a while to keep it
        safe. You can still sign in with your password; it may take a few seconds.
      </Paragraph>
      <Actions actions={[{ label: 'End the slow-down now', href: mail.unlockUrl }]} />
      <SmallPrint>The link works once, within {mail.hours} hours.</SmallPrint>
      <SmallPrint>
        If the attempts were not yours, consider changing your password afterwards in{' '}
        <TextLink href={portalUrl(mail.origin, PORTAL_PATHS.changePassword)}>Settings, Change password</TextLink>
      </SmallPrint>
      <LinkFallback href={mail.unlockUrl} />
    </MailLayout>
  );
}

export function compose(mail: SignInSlowedMail): Promise<MailMessage> {
  const subject = `Many failed sign-ins to your ${brandFor(mail.locale).productName} account`;
  return renderMail(mail.to, subject, <SignInSlowedEmail {...mail} />);
}
