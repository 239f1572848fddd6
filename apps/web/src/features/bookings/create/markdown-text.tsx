import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Markdown, { defaultUrlTransform } from 'react-markdown';

/**
 * Markdown from the server (booking-block messages, booking policies), rendered safely: raw HTML is dropped
 * (skipHtml), only text-level elements, lists and links are kept, and react-markdown's URL check removes
 * `javascript:` and other unsafe links. This page is lazily loaded, so react-markdown costs the first page nothing.
 */
const ALLOWED = ['p', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'br', 'code', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'del'];

/** Spec §5: links of type tel and mailto are not external — they open in place (the phone or mail app), not a new tab. */
export function isExternalLink(href: string | undefined): boolean {
  if (!href) return false;
  return !/^(tel|mailto):/i.test(href.trim());
}

/** react-markdown's safe-URL check, plus `tel:` (which it would otherwise blank out). */
function urlTransform(url: string): string {
  return /^tel:/i.test(url.trim()) ? url : defaultUrlTransform(url);
}

export function MarkdownText({ children, sx }: { children: string; sx?: SxProps<Theme> }) {
  return (
    <Box
      sx={[
        {
          '& > :first-of-type': { mt: 0 },
          '& > :last-child': { mb: 0 },
          '& p': { my: 0.5 },
          '& h1, & h2, & h3, & h4': { fontSize: '1rem', my: 0.75 },
          '& a': { color: 'inherit' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Markdown
        skipHtml
        urlTransform={urlTransform}
        allowedElements={ALLOWED}
        unwrapDisallowed
        components={{
          a: ({ href, children: text }) =>
            isExternalLink(href) ? (
              <a href={href} target="_blank" rel="noopener noreferrer">
                {text}
              </a>
            ) : (
              <a href={href}>{text}</a>
            ),
        }}
      >
        {children}
      </Markdown>
    </Box>
  );
}
