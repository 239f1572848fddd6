import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk, serverAnswers } from './page-load';

describe('page loading (spec §2, §9)', () => {
  it('a chunk that never arrives fails with ChunkLoadError after the timeout', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise<never>(() => {}), 120_000);
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
    vi.useRealTimers();
  });

  it('a failed import becomes a ChunkLoadError; a loaded one passes through', async () => {
    await expect(loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))).rejects.toBeInstanceOf(
      ChunkLoadError,
    );
    await expect(loadChunk(() => Promise.resolve(42))).resolves.toBe(42);
  });

  it('pings with HEAD /api/ping', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 200 }));
    expect(await serverAnswers(fetchImpl)).toBe(true);
    expect(fetchImpl.mock.calls[0]![0]).toBe('/api/ping');
    expect(fetchImpl.mock.calls[0]![1]?.method).toBe('HEAD');
    expect(await serverAnswers(vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')))).toBe(false);
  });
});
