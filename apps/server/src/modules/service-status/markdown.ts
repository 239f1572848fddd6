import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * Markdown to HTML that is safe to put in the page: marked renders (raw HTML in the markdown passes through it),
 * then sanitize-html keeps an allow-list of formatting tags, only href/title on links, and only http, https,
 * mailto and tel URLs. Scripts, styles, event handlers, images and javascript: or data: URLs are removed.
 */

const marked = new Marked({ gfm: true, async: false });

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'del',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], ol: ['start'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links leave the portal in a new tab without handing it a window reference (tel and mailto are not external, spec §5).
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^https?:/i.test(href);
      const { target: _target, rel: _rel, ...rest } = attribs;
      return { tagName, attribs: external ? { ...rest, target: '_blank', rel: 'noopener noreferrer' } : rest };
    },
  },
};

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  return sanitizeHtml(html, OPTIONS).trim();
}
