/**
 * The look of every e-mail: the portal's own palette (the web's theme: primary #00acef with dark ink on it, links in
 * the darker primary), a system font stack (mail clients load no web fonts reliably) and one content width.
 */
export const MAIL_COLOURS = {
  page: '#f4f7fa',
  paper: '#ffffff',
  border: '#dfe6ec',
  rule: '#edf1f5',
  text: '#15202b',
  secondary: '#4a5866',
  primary: '#00acef',
  primaryInk: '#04202e',
  link: '#0077a8',
  noteBackground: '#f1f9fd',
} as const;

export const MAIL_FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** Content width of the card, the width mail clients are built around. */
export const MAIL_WIDTH = 600;
