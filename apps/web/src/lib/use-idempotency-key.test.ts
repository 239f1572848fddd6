import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { outcomeUnknown, useIdempotencyKey } from './use-idempotency-key';

const noAnswer = () => ApiError.noResponse(new TypeError('Failed to fetch'));
const answered = (status: number) => new ApiError({ status, kind: 'api', serverMessage: 'Refused' });

function keys() {
  return renderHook(() => useIdempotencyKey()).result.current;
}

describe('useIdempotencyKey', () => {
  it('keeps the key of an intent across a retry after no answer arrived', async () => {
    const k = keys();
    const sent: string[] = [];
    await expect(
      k.run({ id: 1, body: { reason: 'x' } }, async (key) => {
        sent.push(key);
        throw noAnswer();
      }),
    ).rejects.toBeInstanceOf(ApiError);
    await k.run({ id: 1, body: { reason: 'x' } }, async (key) => sent.push(key));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
  });

  it('keeps it while the first attempt still runs (409) and after a server failure (5xx)', async () => {
    const k = keys();
    const first = k.keyFor({ a: 1 });
    k.settle(first, answered(409));
    expect(k.keyFor({ a: 1 })).toBe(first);
    k.settle(first, answered(503));
    expect(k.keyFor({ a: 1 })).toBe(first);
  });

  it('renews the key after a definite answer: success, or a refusal', async () => {
    const k = keys();
    const sent: string[] = [];
    await k.run('same', async (key) => sent.push(key));
    await expect(
      k.run('same', async (key) => {
        sent.push(key);
        throw answered(422);
      }),
    ).rejects.toBeInstanceOf(ApiError);
    await k.run('same', async (key) => sent.push(key));
    expect(new Set(sent).size).toBe(3);
  });

  it('gives a new intent a new key (the server would refuse the old key with another body)', () => {
    const k = keys();
    const first = k.keyFor({ id: 1, reason: 'first try' });
    const changed = k.keyFor({ id: 1, reason: 'changed after a lost answer' });
    expect(changed).not.toBe(first);
    expect(k.keyFor({ id: 1, reason: 'changed after a lost answer' })).toBe(changed);
  });

  it('ignores an older attempt settling after a new intent began', () => {
    const k = keys();
    const old = k.keyFor('old');
    const current = k.keyFor('new');
    k.settle(old);
    expect(k.keyFor('new')).toBe(current);
  });

  it('keeps the key of each unsettled intent (today, then tomorrow, then today again after lost answers)', () => {
    const k = keys();
    const today = k.keyFor({ selectedDay: 'today' });
    k.settle(today, noAnswer());
    const tomorrow = k.keyFor({ selectedDay: 'tomorrow' });
    k.settle(tomorrow, noAnswer());
    expect(tomorrow).not.toBe(today);
    expect(k.keyFor({ selectedDay: 'today' })).toBe(today);
    expect(k.keyFor({ selectedDay: 'tomorrow' })).toBe(tomorrow);
  });

  it('is the same object across renders, and keys are valid Idempotency-Keys', () => {
    const { result, rerender } = renderHook(() => useIdempotencyKey());
    const before = result.current;
    const key = before.keyFor('x');
    rerender();
    expect(result.current).toBe(before);
    expect(result.current.keyFor('x')).toBe(key);
    expect(key).toMatch(/^[\x21-\x7e]{8,255}$/);
  });
});

describe('outcomeUnknown', () => {
  it('is true without an answer, for 409 and 5xx; false for other answers and other errors', () => {
    expect(outcomeUnknown(noAnswer())).toBe(true);
    expect(outcomeUnknown(answered(409))).toBe(true);
    expect(outcomeUnknown(answered(500))).toBe(true);
    expect(outcomeUnknown(answered(400))).toBe(false);
    expect(outcomeUnknown(answered(422))).toBe(false);
    expect(outcomeUnknown(new Error('bad response body'))).toBe(false);
  });
});
