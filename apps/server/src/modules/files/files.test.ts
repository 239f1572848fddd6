import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { queryRows } from '@portal/db/client';
import { FileAccessKeyResponse, fileAccessPath } from '@portal/contract/files';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { purposeKey } from '../../lib/secrets';
import { FILE_ACCESS_AUDIENCE } from './file-access-keys';
import { attachmentDisposition } from '../../lib/content-disposition';

let t: TestApp;
let contact: SignedIn;
let file: { id: number; name: string; file_path: string; content_type: string; data: Buffer };

beforeAll(async () => {
  t = await buildTestApp();
  const [row] = await queryRows<{ id: number; name: string; file_path: string; content_type: string; data: string }>(
    t.database.db,
    sql`select id, name, file_path, content_type, encode(data, 'base64') as data from general_files order by id limit 1`,
  );
  file = { ...row!, data: Buffer.from(row!.data, 'base64') };
  contact = await signIn(t.app, 'teacher@demo.test');
});
afterAll(async () => {
  await t?.close();
});

function expectFile(res: Awaited<ReturnType<TestApp['app']['inject']>>) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe(file.content_type);
  expect(res.headers['content-disposition']).toBe(attachmentDisposition(file.name));
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="/);
  expect(res.rawPayload.equals(file.data)).toBe(true);
}

describe('GET /v1/file/general', () => {
  it('sends a general file to any signed-in contact as an attachment', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/file/general?filePath=${encodeURIComponent(file.file_path)}`,
      headers: contact.headers,
    });
    expectFile(res);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers 404 for an unknown path, 400 without one and 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/file/general?filePath=nope.pdf', headers: contact.headers })).statusCode).toBe(
      404,
    );
    const missing = await t.app.inject({ method: 'GET', url: '/v1/file/general', headers: contact.headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('filePath');
    expect((await t.app.inject({ method: 'GET', url: `/v1/file/general?filePath=${file.file_path}` })).statusCode).toBe(401);
  });
});

describe('file access keys', () => {
  it('gives a 5-minute key that downloads the file from file/({accessKey}) without a bearer token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/file/generateAccessToken/${file.id}`, headers: contact.headers });
    expect(res.statusCode).toBe(200);
    const { accessKey, expiresIn } = FileAccessKeyResponse.parse(res.json());
    expect(expiresIn).toBe(300);
    const download = await t.app.inject({ method: 'GET', url: `/v1/${fileAccessPath(accessKey)}` });
    expectFile(download);
    // Browsers may escape the parentheses.
    expectFile(await t.app.inject({ method: 'GET', url: `/v1/file/%28${accessKey}%29` }));
  });

  it('refuses a tampered, foreign or expired key', async () => {
    const { accessKey } = (
      await t.app.inject({ method: 'GET', url: `/v1/file/generateAccessToken/${file.id}`, headers: contact.headers })
    ).json();
    const [header, payload, signature] = (accessKey as string).split('.');
    const tampered = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await t.app.inject({ method: 'GET', url: `/v1/file/(${tampered})` })).statusCode).toBe(401);
    const key = purposeKey(t.app.config.jwtSecret!, 'file-access-key');
    // A token for another audience (an access token's) is not a file key.
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(file.id))
      .setAudience('client-portal-api')
      .setExpirationTime('5m')
      .sign(key);
    expect((await t.app.inject({ method: 'GET', url: `/v1/file/(${foreign})` })).statusCode).toBe(401);
    // A key signed with the server secret itself, or with the access tokens' key, is not a file key either.
    for (const otherKey of [new TextEncoder().encode(t.app.config.jwtSecret!), purposeKey(t.app.config.jwtSecret!, 'access-token')]) {
      const wrongKey = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(file.id))
        .setAudience(FILE_ACCESS_AUDIENCE)
        .setExpirationTime('5m')
        .sign(otherKey);
      expect((await t.app.inject({ method: 'GET', url: `/v1/file/(${wrongKey})` })).statusCode).toBe(401);
    }
    // Nothing as long as an access token fits in the path (Fastify's maxParamLength, 200).
    expect((await t.app.inject({ method: 'GET', url: `/v1/file/(${contact.accessToken})` })).statusCode).toBe(414);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(file.id))
      .setAudience(FILE_ACCESS_AUDIENCE)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const gone = await t.app.inject({ method: 'GET', url: `/v1/file/(${expired})` });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().code).toBe('expired');
    const malformed = await t.app.inject({ method: 'GET', url: `/v1/file/${accessKey}` });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers 404 for an unknown file and 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/file/generateAccessToken/999999', headers: contact.headers })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: `/v1/file/generateAccessToken/${file.id}` })).statusCode).toBe(401);
  });
});
