/**
 * Ends the current task, so the browser can handle input and paint before the rest runs in a task of its own:
 * `scheduler.yield()` where the browser has it (the rest runs before other queued tasks), else a message to a
 * fresh channel (as React's scheduler does: no timer clamping, and fake timers in tests leave it alone).
 * Work split this way is several short tasks instead of one long one (total blocking time).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
