import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n, loadDeferredTexts } from './i18n';
import declared from '../i18next.d.ts?raw';
import { useNamespaceText, type TextKey } from './namespace-text';

describe('typed text namespaces', () => {
  it('declares every namespace of locales/en in i18next.d.ts', () => {
    const namespaces = Object.keys(import.meta.glob('../locales/en/*.json')).map((path) => /([^/]+)\.json$/.exec(path)?.[1] ?? path);
    expect(namespaces.length).toBeGreaterThan(5);
    for (const namespace of namespaces) expect(declared).toMatch(new RegExp(`\\n\\s+'?${namespace}'?: typeof \\w+( & \\w+)?;`));
  });

  it("answers a namespace's texts by typed key", async () => {
    await loadDeferredTexts();
    await i18n.changeLanguage('en');
    const { result } = renderHook(() => useNamespaceText('finance'));
    expect(result.current.t('list.retry')).toBe('Try again');
    // A key the namespace does not have is a compile error (tsc checks this file).
    // @ts-expect-error 'list.noSuchKey' is not a finance text
    const wrong: TextKey<'finance'> = 'list.noSuchKey';
    expect(wrong).toBe('list.noSuchKey');
  });
});
