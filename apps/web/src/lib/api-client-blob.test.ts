import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, testRuntimeConfig } from '../testing/render';
import { apiRequestBlob, fileNameOf } from './api-client';
import { ApiError } from './api-error';
import { setRuntimeConfig } from './runtime-config';
import { resetSessionForTests, startSession } from './session';

describe('blob calls', () => {
  beforeEach(() => {
    setRuntimeConfig(testRuntimeConfig);
    resetSessionForTests();
  });

  it('sends the bearer token and answers the bytes with the file name of the Content-Disposition', async () => {
    startSession({ accessToken: 'b1', expiresIn: 1800, tokenType: 'Bearer' });
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(new Uint8Array([37, 80, 68, 70]), {
        status: 200,
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="timesheet-42.pdf"' },
      }),
    );
    const { blob, fileName } = await apiRequestBlob('timesheets/download/42');
    expect(fileName).toBe('timesheet-42.pdf');
    expect(blob.size).toBe(4);
    const [url, init] = spy.mock.calls[0]!;
    expect(String(url)).toBe('/v1/timesheets/download/42');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer b1');
    spy.mockRestore();
  });

  it('turns a problem answer into an ApiError carrying the server message', async () => {
    startSession({ accessToken: 'b2', expiresIn: 1800, tokenType: 'Bearer' });
    const spy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => jsonResponse(404, { title: 'Not Found', status: 404, detail: 'No timesheet PDF for booking 9' }));
    const failure = await apiRequestBlob('timesheets/download/9').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).serverMessage).toBe('No timesheet PDF for booking 9');
    spy.mockRestore();
  });

  it('reads plain and RFC 6266 file names, never a path', () => {
    expect(fileNameOf(null)).toBeUndefined();
    expect(fileNameOf('attachment')).toBeUndefined();
    expect(fileNameOf('attachment; filename=a.pdf')).toBe('a.pdf');
    expect(fileNameOf(`attachment; filename="x.pdf"; filename*=UTF-8''t%C3%BCr%20sheet.pdf`)).toBe('tür sheet.pdf');
    expect(fileNameOf('attachment; filename="../../etc/passwd"')).toBe('passwd');
  });
});
