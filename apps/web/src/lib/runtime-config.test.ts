import { describe, expect, it, vi } from 'vitest';
import { getRuntimeConfig, loadRuntimeConfig, localeForOrigin, parseRuntimeConfig, setRuntimeConfig } from './runtime-config';

const valid = {
  apiBaseUrl: '/',
  apiVersion: '1',
  localeByOrigin: { 'https://portal.example.co.uk': 'en-GB' },
  defaultLocale: 'en-AU',
  serviceStatusUrl: null,
  mapTilesUrl: null,
  errorReportingDsn: null,
  providerContacts: { en: { phone: '+65 6123 4567', email: 'office@provider.test' } },
  appStoreLinks: { 'en-GB': { ios: 'https://apps.example/ios' } },
  environment: 'test',
  demo: false,
  confirmationMethods: ['email', 'sms', 'voice', 'push'],
  pushPublicKey: null,
  appVersion: '1.0.0',
  release: 'v1.0.0-test',
};

const answer = (status: number, body: string) => vi.fn<typeof fetch>().mockResolvedValue(new Response(body, { status }));

describe('runtime configuration', () => {
  it('accepts a complete configuration', async () => {
    const config = await loadRuntimeConfig(answer(200, JSON.stringify(valid)));
    expect(config).toEqual(valid);
    expect(getRuntimeConfig()).toEqual(valid);
  });

  it('rejects a configuration missing a key, naming the resource and the key', () => {
    const { apiVersion: _omitted, ...incomplete } = valid;
    expect(() => parseRuntimeConfig(incomplete)).toThrow(/^Configuration \/config\.runtime\.json is invalid: missing key "apiVersion"$/);
  });

  it('names every bad key', () => {
    expect(() => parseRuntimeConfig({ ...valid, apiBaseUrl: 42, mapTilesUrl: undefined })).toThrow(
      /key "apiBaseUrl".*missing key "mapTilesUrl"/,
    );
  });

  it('stops with a message naming the resource when the file is missing', async () => {
    await expect(loadRuntimeConfig(answer(404, 'Not Found'))).rejects.toThrow(
      'Missing configuration: /config.runtime.json could not be loaded (HTTP 404)',
    );
  });

  it('stops when the file is not JSON', async () => {
    await expect(loadRuntimeConfig(answer(200, '<!doctype html>'))).rejects.toThrow('Configuration /config.runtime.json is not valid JSON');
  });

  it('refuses to be read before it was loaded', () => {
    setRuntimeConfig(undefined);
    expect(() => getRuntimeConfig()).toThrow(/\/config\.runtime\.json has not been loaded/);
  });

  it('takes the locale from the page origin, else the default', () => {
    const config = parseRuntimeConfig(valid);
    expect(localeForOrigin(config, 'https://portal.example.co.uk')).toBe('en-GB');
    expect(localeForOrigin(config, 'http://127.0.0.1:3000')).toBe('en-AU');
  });
});
