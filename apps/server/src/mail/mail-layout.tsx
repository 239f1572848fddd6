import type { ReactNode } from 'react';
import { Body, Column, Container, Head, Html, Link, Preview, Row, Section, Text } from '@react-email/components';
import { brandFor } from '@portal/contract/format/brand';
import { PORTAL_PATHS, portalUrl } from '@portal/contract/portal-paths';
import { MAIL_COLOURS, MAIL_FONT, MAIL_WIDTH } from './mail-theme';

export interface MailLayoutProps {
  /** The reader's locale: the region's product and company names, the document's language. */
  locale: string;
  /** The portal's public origin (the footer links to it). */
  origin: string;
  /** The line a mail client shows after the subject. */
  preview: string;
  /** Why the reader gets this mail, completing "You are receiving this e-mail because …". */
  reason: string;
  /** Whether the footer links to the portal (not for readers who cannot sign in to it). */
  portalLink?: boolean;
  children: ReactNode;
}

const page = { backgroundColor: MAIL_COLOURS.page, fontFamily: MAIL_FONT, margin: 0, padding: '24px 12px' };
const frame = { maxWidth: `${MAIL_WIDTH}px`, width: '100%' };
const header = { padding: '8px 24px 16px' };
const mark = {
  width: '32px',
  height: '32px',
  borderRadius: '9px',
  backgroundColor: MAIL_COLOURS.primary,
  color: '#ffffff',
  fontSize: '19px',
  fontWeight: 800,
  lineHeight: '32px',
  textAlign: 'center' as const,
};
const productName = { margin: 0, fontSize: '17px', lineHeight: '22px', fontWeight: 700, color: MAIL_COLOURS.text };
const companyName = { margin: 0, fontSize: '12px', lineHeight: '16px', color: MAIL_COLOURS.secondary };
const card = {
  backgroundColor: MAIL_COLOURS.paper,
  border: `1px solid ${MAIL_COLOURS.border}`,
  borderTop: `4px solid ${MAIL_COLOURS.primary}`,
  borderRadius: '12px',
  padding: '28px 32px 32px',
};
/** Phones: less padding around the message, where mail clients read media queries (most do now; the rest get 32px). */
const narrow = `@media only screen and (max-width: 480px) { .mail-card { padding: 24px 20px 24px !important; } .mail-header, .mail-footer { padding-left: 8px !important; padding-right: 8px !important; } }`;
const footer = { padding: '20px 24px 8px' };
const footerText = { margin: '0 0 6px', fontSize: '12px', lineHeight: '18px', color: MAIL_COLOURS.secondary };
const footerLink = { color: MAIL_COLOURS.secondary, textDecoration: 'underline' };

/**
 * Every e-mail's frame: the region's product name as the header (with the logo mark), the message on a card, and a
 * footer naming the region's company, why the reader got the mail and where the portal is.
 */
export function MailLayout({ locale, origin, preview, reason, portalLink = true, children }: MailLayoutProps) {
  const brand = brandFor(locale);
  const home = portalUrl(origin, PORTAL_PATHS.home);
  return (
    <Html lang={locale} dir="ltr">
      <Head>
        <meta name="color-scheme" content="light only" />
        <meta name="supported-color-schemes" content="light" />
        <style>{narrow}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={frame}>
          <Section style={header} className="mail-header">
            <Row>
              <Column style={{ width: '44px', verticalAlign: 'middle' }} data-skip-in-text="true">
                <div style={mark} aria-hidden="true">
                  C
                </div>
              </Column>
              <Column style={{ verticalAlign: 'middle' }}>
                <Text style={productName}>{brand.productName}</Text>
                <Text style={companyName} data-skip-in-text="true">
                  {brand.companyName}
                </Text>
              </Column>
            </Row>
          </Section>
          <Section style={card} className="mail-card">
            {children}
          </Section>
          <Section style={footer} className="mail-footer">
            <Text style={footerText}>You are receiving this e-mail because {reason}</Text>
            <Text style={footerText}>
              {brand.companyName}
              {portalLink && (
                <>
                  {' '}
                  · {brand.productName} ·{' '}
                  <Link href={home} style={footerLink}>
                    {home}
                  </Link>
                </>
              )}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
