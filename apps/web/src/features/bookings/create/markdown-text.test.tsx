import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isExternalLink, MarkdownText } from './markdown-text';

describe('MarkdownText links (spec §5: tel and mailto links are not external)', () => {
  it('opens web links in a new tab', () => {
    render(<MarkdownText>{'See [the policy](https://example.com/policy).'}</MarkdownText>);
    const link = screen.getByRole('link', { name: 'the policy' });
    expect(link).toHaveAttribute('href', 'https://example.com/policy');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each([
    ['[Call the office](tel:+61299999999)', 'Call the office', 'tel:+61299999999'],
    ['[Email us](mailto:office@school.example)', 'Email us', 'mailto:office@school.example'],
    ['[Email us](MAILTO:office@school.example)', 'Email us', 'MAILTO:office@school.example'],
  ])('keeps %s in place (no target, no rel)', (markdown, name, href) => {
    render(<MarkdownText>{markdown}</MarkdownText>);
    const link = screen.getByRole('link', { name });
    expect(link).toHaveAttribute('href', href);
    expect(link).not.toHaveAttribute('target');
    expect(link).not.toHaveAttribute('rel');
  });

  it('classifies hrefs', () => {
    expect(isExternalLink('https://a.example')).toBe(true);
    expect(isExternalLink('tel:123')).toBe(false);
    expect(isExternalLink(' mailto:a@b.c')).toBe(false);
    expect(isExternalLink(undefined)).toBe(false);
  });
});
