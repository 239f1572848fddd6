import { Fragment, type ReactNode } from 'react';
import { Button, Heading, Link, Section, Text } from '@react-email/components';
import { MAIL_COLOURS } from './mail-theme';

/** The building blocks of a message, styled once; the plain-text part reads them through render-mail.ts. */

const headingStyle = { margin: '0 0 16px', fontSize: '22px', lineHeight: '30px', fontWeight: 700, color: MAIL_COLOURS.text };
const paragraphStyle = { margin: '0 0 16px', fontSize: '15px', lineHeight: '24px', color: MAIL_COLOURS.text };
const smallStyle = { margin: '0 0 12px', fontSize: '13px', lineHeight: '20px', color: MAIL_COLOURS.secondary };
const linkStyle = { color: MAIL_COLOURS.link, textDecoration: 'underline' };

export function MailHeading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h1" style={headingStyle}>
      {children}
    </Heading>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={paragraphStyle}>{children}</Text>;
}

export function SmallPrint({ children }: { children: ReactNode }) {
  return <Text style={smallStyle}>{children}</Text>;
}

export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={linkStyle}>
      {children}
    </Link>
  );
}

const buttonBase = {
  display: 'inline-block',
  borderRadius: '8px',
  fontSize: '15px',
  lineHeight: '20px',
  fontWeight: 700,
  textDecoration: 'none',
  textAlign: 'center' as const,
  padding: '12px 22px',
};
const buttonStyles = {
  primary: {
    ...buttonBase,
    backgroundColor: MAIL_COLOURS.primary,
    color: MAIL_COLOURS.primaryInk,
    border: `1px solid ${MAIL_COLOURS.primary}`,
  },
  secondary: { ...buttonBase, backgroundColor: MAIL_COLOURS.paper, color: MAIL_COLOURS.link, border: `1px solid ${MAIL_COLOURS.link}` },
};

export interface MailAction {
  label: string;
  href: string;
  variant?: 'primary' | 'secondary';
}

/**
 * One or more buttons on a line. In the plain-text part each becomes "Label: address" on its own line
 * (render-mail.ts reads `data-text-button`).
 */
export function Actions({ actions }: { actions: readonly MailAction[] }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      {actions.map((action, index) => (
        <Button
          key={action.href}
          href={action.href}
          style={{
            ...buttonStyles[action.variant ?? 'primary'],
            marginRight: index < actions.length - 1 ? '12px' : 0,
            marginBottom: '8px',
          }}
          data-text-button="true"
          data-label={action.label}
        >
          {action.label}
        </Button>
      ))}
    </Section>
  );
}

export type Fact = readonly [label: string, value: ReactNode];

const factsTable = { width: '100%', borderCollapse: 'collapse' as const, margin: '4px 0 20px' };
const factLabel = {
  width: '32%',
  padding: '10px 12px 10px 0',
  verticalAlign: 'top',
  fontSize: '13px',
  lineHeight: '20px',
  color: MAIL_COLOURS.secondary,
  borderTop: `1px solid ${MAIL_COLOURS.rule}`,
};
const factValue = {
  padding: '10px 0',
  verticalAlign: 'top',
  fontSize: '15px',
  lineHeight: '20px',
  fontWeight: 600,
  color: MAIL_COLOURS.text,
  borderTop: `1px solid ${MAIL_COLOURS.rule}`,
};

/** Label and value rows ("School  Kōwhai Bay School"); "Label: value" lines in the plain-text part. */
export function Facts({ items }: { items: ReadonlyArray<Fact | false | null | undefined> }) {
  const rows = items.filter((item): item is Fact => !!item);
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={factsTable}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label} data-fact="true">
            <td style={factLabel} data-fact-label="true">
              {label}
            </td>
            <td style={factValue} data-fact-value="true">
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const lineMain = { whiteSpace: 'nowrap' as const };
const lineDetail = { ...lineMain, fontWeight: 400, color: MAIL_COLOURS.secondary };

/**
 * Lines under one another inside a fact (the days of a block): what matters first, then its details ("· 08:30–15:30"),
 * each part kept whole on a narrow screen.
 */
export function Lines({ lines }: { lines: ReadonlyArray<readonly [main: string, ...details: Array<string | null | undefined>]> }) {
  return (
    <>
      {lines.map(([main, ...details], index) => (
        <div key={index} data-line="true">
          <span style={lineMain}>{main}</span>
          {details.filter(Boolean).map((detail, at) => (
            // The space outside the span: a narrow screen may break the line there, and only there.
            <Fragment key={at}>
              {' '}
              <span style={lineDetail}>{`· ${detail}`}</span>
            </Fragment>
          ))}
        </div>
      ))}
    </>
  );
}

const fallbackLink = { ...linkStyle, wordBreak: 'break-all' as const };

/**
 * The address behind a button, for mail clients that block buttons. HTML only: the plain-text part already writes
 * every button as its address.
 */
export function LinkFallback({ href }: { href: string }) {
  return (
    <Text style={smallStyle} data-skip-in-text="true">
      If the button does not work, paste this address into your browser:{' '}
      <Link href={href} style={fallbackLink}>
        {href}
      </Link>
    </Text>
  );
}

const calloutStyle = {
  margin: '0 0 20px',
  padding: '12px 16px',
  borderLeft: `4px solid ${MAIL_COLOURS.primary}`,
  backgroundColor: MAIL_COLOURS.noteBackground,
  borderRadius: '4px',
};
const calloutLabel = {
  display: 'block',
  marginBottom: '2px',
  fontSize: '13px',
  lineHeight: '18px',
  fontWeight: 700,
  color: MAIL_COLOURS.secondary,
};
const calloutText = { margin: 0, fontSize: '15px', lineHeight: '22px', color: MAIL_COLOURS.text, whiteSpace: 'pre-wrap' as const };

/** A quoted text someone wrote (a reason, a comment), set apart from ours; "Label: text" in the plain-text part. */
export function Callout({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Section style={calloutStyle}>
      <Text style={calloutText}>
        <span style={calloutLabel} data-inline-label="true">
          {label}
        </span>
        {children}
      </Text>
    </Section>
  );
}
