import { createRequire } from 'node:module';
import autocannon from 'autocannon';

/**
 * autocannon, without keeping the answers' bodies. autocannon 9 appends every chunk of every answer's body to a string
 * (`PipelinedRequestsQueue.addBody`), for an `onResponse` or `verifyBody` the benches never pass: with the varied
 * bookings pages (some 30 kB each) that decoding was 16 % of the load generator's samples, CPU taken from the server
 * it measures on the same two cores (bench/RESULTS.md, 2026-12-02). The benches read only autocannon's counts and
 * timings, so the queue drops the chunks instead. If a newer autocannon moves the queue, this says so rather than
 * measuring with it silently.
 */
const require = createRequire(import.meta.url);
const queue = require('autocannon/lib/pipelinedRequestsQueue.js') as { prototype?: { addBody?: (data: Buffer) => void } };
if (typeof queue.prototype?.addBody !== 'function')
  throw new Error('bench/autocannon.ts: autocannon no longer has PipelinedRequestsQueue.addBody');
queue.prototype.addBody = () => {};

export default autocannon;
