import { describe, expect, it } from 'vitest';
import { SsoDiscoverBody, SsoSettingsBody, checkSsoSettings, ssoDomainOf } from './school-sso';

describe('single sign-on rules', () => {
  it('reads the domain of an address: lower case, after the last @, no trailing dot', () => {
    expect(ssoDomainOf('Sam@Trust.Demo.Test')).toBe('trust.demo.test');
    expect(ssoDomainOf('"a@b"@school.example.')).toBe('school.example');
    for (const bad of ['no-at', '@school.example', 'x@', 'x@localhost', 'x@-bad.example', 'x@trüst.example', 'x@a..b']) {
      expect(ssoDomainOf(bad), bad).toBeUndefined();
    }
  });

  it('judges settings in order: an https issuer outside a demo, then domains no other group holds', () => {
    const facts = { issuer: 'http://idp.example', domains: ['a.example'], demo: false, heldElsewhere: ['a.example'] };
    expect(checkSsoSettings(facts).map((v) => v.field)).toEqual(['issuer', 'domains']);
    expect(checkSsoSettings({ ...facts, demo: true, heldElsewhere: [] })).toEqual([]);
    expect(checkSsoSettings({ ...facts, issuer: 'https://idp.example', heldElsewhere: [] })).toEqual([]);
  });

  it('bounds what the routes accept', () => {
    expect(SsoDiscoverBody.safeParse({ email: `${'a'.repeat(250)}@b.example` }).success).toBe(false);
    const settings = { issuer: 'https://idp.example', clientId: 'c', clientSecret: null, domains: ['school.example'], required: true };
    expect(SsoSettingsBody.safeParse(settings).success).toBe(true);
    expect(SsoSettingsBody.safeParse({ ...settings, domains: ['School.Example'] }).success).toBe(false);
    expect(SsoSettingsBody.safeParse({ ...settings, issuer: 'javascript:alert(1)' }).success).toBe(false);
  });
});
