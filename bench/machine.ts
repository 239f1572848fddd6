/**
 * What this machine charges a process for memory it touches for the first time: microseconds per 4 kB page, the
 * median of three rounds over 64 MB (each page written once, so that the kernel maps it).
 *
 * Machines of the same kind differ here by more than ten times: some virtual machines hand every first touch to
 * their host (14 µs a page measured on one, against under 1 µs on others). A browser's cold page touches tens of
 * thousands of new pages (a new renderer, its heaps, the locale data its first `Intl` formatter maps), so its main
 * thread's time, and Lighthouse's TBT four times over, grow with this figure; a long-running server touches few. Web
 * figures of two machines compare only where this figure does; the benches print it beside the load average.
 */
export function firstTouchMicros(): number {
  const PAGE = 4096;
  const BYTES = 64 * 1024 * 1024;
  const rounds: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    // Large enough to be mapped afresh (not taken from the allocator's free lists), and zero until written.
    const block = Buffer.alloc(BYTES);
    const started = process.hrtime.bigint();
    for (let at = 0; at < BYTES; at += PAGE) block[at] = 1;
    rounds.push(Number(process.hrtime.bigint() - started) / 1000 / (BYTES / PAGE));
  }
  return rounds.sort((a, b) => a - b)[1]!;
}

/** `firstTouchMicros` as the benches print it. */
export const firstTouchText = () => `memory first touched at ${firstTouchMicros().toFixed(1)} µs a 4 kB page`;
