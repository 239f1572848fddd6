import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { parseServiceStatusText, ServiceStatusRecord, ServiceStatusResponse } from '@portal/contract/service-status';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { AccessTokens } from '../identity/access-tokens';
import { startFamily } from '../identity/identity.repository';
import { renderMarkdown } from './markdown';

let t: TestApp;
let staff: Record<string, string>;
let contact: SignedIn;
let staffUserId: number;

const HOSTILE = [
  'Maintenance **tonight**. See [the notice](https://status.example.com/notice) or call [us](tel:+611300000000).',
  '',
  '<script>alert("x")</script>',
  '<img src="x" onerror="alert(1)">',
  '<a href="javascript:alert(1)" onclick="alert(2)">click</a> [bad](javascript:alert(3)) <p onmouseover="alert(4)">hover</p>',
  '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
].join('\n');

beforeAll(async () => {
  t = await buildTestApp();
  const [row] = await queryRows<{ id: number }>(t.database.db, sql`select id from staff_users where email = 'staff@provider.test'`);
  staffUserId = row!.id;
  // A staff session as the enterprise login would start it (that flow has its own tests).
  const family = await startFamily(t.database.db, { staffUserId }, { idleSeconds: 3600, absoluteSeconds: 3600 }, new Date());
  const tokens = new AccessTokens(t.app.config.jwtSecret!, t.app.config.publicOrigin, 900);
  staff = { authorization: `Bearer ${await tokens.sign({ kind: 'staff', staffUserId }, family.familyId)}` };
  contact = await signIn(t.app, 'group.admin@demo.test');
});
afterAll(async () => {
  await t?.close();
});

const body = (over: Record<string, unknown> = {}) => ({
  bannerTitle: 'Scheduled maintenance',
  severity: 'warning',
  region: 'All regions',
  bodyMarkdown: HOSTILE,
  active: true,
  ...over,
});

describe('renderMarkdown', () => {
  it('renders markdown and strips scripts, event handlers and javascript: URLs', () => {
    const html = renderMarkdown(HOSTILE);
    expect(html).toContain('<strong>tonight</strong>');
    expect(html).toContain('href="https://status.example.com/notice"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('href="tel:+611300000000"');
    expect(html).not.toMatch(/<script|alert\("x"\)|onerror|onclick|onmouseover|<iframe|<style|<img/i);
    expect(html).not.toMatch(/href\s*=\s*["']?\s*javascript:/i);
    // A markdown link to javascript: keeps its text and loses its target.
    const link = renderMarkdown('[bad](javascript:alert(3)) and [also bad](JAVASCRIPT:alert(4))');
    expect(link).not.toMatch(/href\s*=\s*["']?\s*javascript:/i);
    expect(link).toContain('bad');
  });
});

describe('the service status banner', () => {
  it('answers 204 while no status is active (the seeded one is not)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/service-status' });
    expect(res.statusCode).toBe(204);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect((await t.app.inject({ method: 'GET', url: '/v1/service-status?format=text' })).statusCode).toBe(204);
  });

  it('lets only provider staff set it', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/v1/service-status', payload: body() })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/v1/service-status', payload: body(), headers: contact.headers })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'DELETE', url: '/v1/service-status', headers: contact.headers })).statusCode).toBe(403);
  });

  it('serves a status set by staff as sanitised HTML, and as the text reading', async () => {
    const put = await t.app.inject({ method: 'PUT', url: '/v1/service-status', payload: body(), headers: staff });
    expect(put.statusCode).toBe(200);
    const saved = ServiceStatusRecord.parse(put.json());
    expect(saved).toMatchObject({ bannerTitle: 'Scheduled maintenance', severity: 'warning', active: true, bodyMarkdown: HOSTILE });

    const res = await t.app.inject({ method: 'GET', url: '/v1/service-status' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const status = ServiceStatusResponse.parse(res.json());
    expect(status).toMatchObject({ bannerTitle: 'Scheduled maintenance', severity: 'warning', region: 'All regions' });
    expect(status.html).toContain('<strong>tonight</strong>');
    expect(status.html).not.toContain('<script');
    expect(status.html).not.toContain('onerror=');
    expect(status.html).not.toMatch(/onclick|onmouseover|href\s*=\s*["']?\s*javascript:/i);

    const text = await t.app.inject({ method: 'GET', url: '/v1/service-status?format=text' });
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.body.split('\n')[0]).toBe('bannerTitle:Scheduled maintenance|severity:warning|region:All regions');
    expect(parseServiceStatusText(text.body)).toEqual({
      bannerTitle: 'Scheduled maintenance',
      severity: 'warning',
      region: 'All regions',
      bodyMarkdown: HOSTILE,
    });

    const [entry] = await queryRows<{ staff_user_id: number; entity_id: string }>(
      t.database.db,
      sql`select staff_user_id, entity_id from audit_log where action = 'service-status.save' order by id desc limit 1`,
    );
    expect(entry).toEqual({ staff_user_id: staffUserId, entity_id: String(saved.id) });
    const [active] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from service_status where active`);
    expect(active!.n).toBe(1);
  });

  it('validates what staff send', async () => {
    for (const bad of [body({ bannerTitle: 'a | b' }), body({ severity: 'panic' }), body({ bodyMarkdown: '' }), body({ extra: 1 })]) {
      const res = await t.app.inject({ method: 'PUT', url: '/v1/service-status', payload: bad, headers: staff });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation');
    }
    const res = await t.app.inject({ method: 'GET', url: '/v1/service-status?format=xml' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('format');
  });

  it('shows nothing after staff save an inactive status', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/v1/service-status',
      payload: body({ active: false, region: null }),
      headers: staff,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ active: false, region: null });
    expect((await t.app.inject({ method: 'GET', url: '/v1/service-status' })).statusCode).toBe(204);
    const again = await t.app.inject({ method: 'PUT', url: '/v1/service-status', payload: body({ region: null }), headers: staff });
    expect(again.statusCode).toBe(200);
    const text = await t.app.inject({ method: 'GET', url: '/v1/service-status?format=text' });
    expect(text.body.split('\n')[0]).toBe('bannerTitle:Scheduled maintenance|severity:warning|region:');
    expect(parseServiceStatusText(text.body)?.region).toBeNull();
  });

  it('hides the banner on DELETE, with an audit entry', async () => {
    const del = await t.app.inject({ method: 'DELETE', url: '/v1/service-status', headers: staff });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/v1/service-status' })).statusCode).toBe(204);
    const [entry] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action = 'service-status.deactivate' and staff_user_id = ${staffUserId}`,
    );
    expect(entry!.n).toBe(1);
  });
});
