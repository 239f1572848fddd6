/** The notifier's interface and the base of the shared ones (see notifier.ts). */
export interface Notifier {
  readonly kind: 'memory' | 'redis' | 'postgres';
  publish(channel: string, message: string): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(channel: string, handler: (message: string) => void): () => void;
  close(): Promise<void>;
}

/** Channels are namespaced so that several systems can share one Redis or database. */
export const CHANNEL_PREFIX = 'portal:';

/** Base of the two shared notifiers: local handlers per channel, and the subscription to the shared bus. */
export abstract class SharedNotifier implements Notifier {
  abstract readonly kind: 'redis' | 'postgres';
  protected readonly handlers = new Map<string, Set<(message: string) => void>>();
  /** Before every channel name on the bus; a subclass may narrow it (see RedisNotifier). */
  protected prefix = CHANNEL_PREFIX;
  protected abstract send(channel: string, message: string): Promise<void>;
  protected abstract listen(channel: string): void;
  protected abstract unlisten(channel: string): void;
  abstract close(): Promise<void>;

  async publish(channel: string, message: string): Promise<void> {
    await this.send(this.prefix + channel, message);
  }

  subscribe(channel: string, handler: (message: string) => void): () => void {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      this.listen(this.prefix + channel);
    }
    set.add(handler);
    return () => {
      const current = this.handlers.get(channel);
      if (!current) return;
      current.delete(handler);
      if (current.size === 0) {
        this.handlers.delete(channel);
        this.unlisten(this.prefix + channel);
      }
    };
  }

  /** A message arrived from the bus. */
  protected deliver(fullChannel: string, message: string): void {
    if (!fullChannel.startsWith(this.prefix)) return;
    for (const handler of this.handlers.get(fullChannel.slice(this.prefix.length)) ?? []) {
      try {
        handler(message);
      } catch {
        // One subscriber's failure is its own.
      }
    }
  }
}
