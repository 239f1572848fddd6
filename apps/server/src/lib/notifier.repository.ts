import pg from 'pg';
import { SharedNotifier } from './notifier-shared';

/**
 * PostgreSQL LISTEN/NOTIFY (servers on one PostgreSQL without Redis). One dedicated connection listens; it is
 * re-opened after a drop (database restart) with every channel listened again. NOTIFY goes through a short-lived
 * client of its own pool so that a busy request pool never delays a wake-up.
 */
export class PostgresNotifier extends SharedNotifier {
  readonly kind = 'postgres';
  private client: pg.Client | undefined;
  private readonly pool: pg.Pool;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private readonly channels = new Set<string>();

  constructor(
    private readonly url: string,
    private readonly onError: (err: Error) => void,
  ) {
    super();
    this.pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 2000, idleTimeoutMillis: 10_000 });
    this.pool.on('error', () => {});
    // A checked-out client's late 'error' (connection dropped mid-query) must not become an uncaught exception.
    this.pool.on('connect', (client) => client.on('error', () => {}));
    void this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 2000 });
    client.on('notification', (n) => this.deliver(n.channel, n.payload ?? ''));
    const retry = (err: Error) => {
      this.onError(err);
      if (this.client === client) this.client = undefined;
      client.removeAllListeners('error');
      client.on('error', () => {});
      void client.end().catch(() => {});
      if (!this.closed && !this.reconnectTimer) {
        this.reconnectTimer = setTimeout(() => {
          this.reconnectTimer = undefined;
          void this.connect();
        }, 1000);
        this.reconnectTimer.unref();
      }
    };
    client.on('error', retry);
    client.on('end', () => {
      if (this.client === client && !this.closed) retry(new Error('LISTEN connection ended'));
    });
    try {
      await client.connect();
      for (const channel of this.channels) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      this.client = client;
    } catch (error) {
      retry(error as Error);
    }
  }

  protected async send(channel: string, message: string): Promise<void> {
    await this.pool.query('select pg_notify($1, $2)', [channel, message]);
  }

  protected listen(channel: string): void {
    this.channels.add(channel);
    void this.client?.query(`LISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
  }

  protected unlisten(channel: string): void {
    this.channels.delete(channel);
    void this.client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    await Promise.allSettled([client?.end(), this.pool.end()]);
  }
}
