import { BRANDS } from '@portal/contract/format/brand';
import { FORM_MESSAGES, GENERIC_API_ERROR, PASSWORD_MESSAGES } from '@portal/contract/messages';
import { describe, expect, it } from 'vitest';
import { i18n, resolveLocale, SUPPORTED_LOCALES } from './i18n';

describe('texts', () => {
  it("quote the spec's form and API messages exactly as the contract does", () => {
    const t = i18n.getFixedT('en', 'validation');
    expect(t('required')).toBe(FORM_MESSAGES.required);
    expect(t('email')).toBe(FORM_MESSAGES.email);
    expect(t('max', { length: 50 })).toBe(FORM_MESSAGES.max(50));
    expect(t('between', { min: 1, max: 5 })).toBe(FORM_MESSAGES.between(1, 5));
    expect(t('endBeforeMin', { minEndTime: '15:00' })).toBe(FORM_MESSAGES.endBeforeMinimum('15:00'));
    expect(t('password.min', { min: 8 })).toBe(PASSWORD_MESSAGES.min(8));
    expect(t('password.match')).toBe(PASSWORD_MESSAGES.match);
    expect(i18n.getFixedT('en', 'errors')('api.generic')).toBe(GENERIC_API_ERROR);
  });

  it('regional locales override only what differs and fall back to en', () => {
    expect(i18n.getFixedT('en-GB')('appName')).toBe('Chalkline Supply Portal');
    expect(i18n.getFixedT('en-GB')('loading')).toBe('Loading...');
    expect(i18n.getFixedT('en-AU', 'validation')('required')).toBe('This field is required');
  });

  it("names the product and company of every region from the contract's brand table, as the e-mails do", () => {
    for (const locale of SUPPORTED_LOCALES) {
      const t = i18n.getFixedT(locale);
      expect(t('appName')).toBe(BRANDS[locale].productName);
      expect(t('companyName')).toBe(BRANDS[locale].companyName);
    }
    expect(i18n.getFixedT('en-AU')('appName')).toBe('Chalkline Relief Portal');
    expect(i18n.getFixedT('en-NZ')('companyName')).toBe('Chalkline Education NZ');
  });

  it('maps configured locale names onto the shipped ones', () => {
    expect(resolveLocale('en-au')).toBe('en-AU');
    expect(resolveLocale('fr-FR')).toBe('en');
    expect(resolveLocale(undefined)).toBe('en');
  });
});
