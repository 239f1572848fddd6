import pg from 'pg';

/**
 * One leader among the server processes of a system, for the work that must run once (the demo simulator and its
 * invoicing run): a PostgreSQL session-level advisory lock (`pg_try_advisory_lock`) held on a dedicated
 * connection. Every process tries every `retryMs`; the holder checks its connection as often and steps down at once
 * when it fails. When the leader dies (even SIGKILL), PostgreSQL ends its session and frees the lock, so another
 * process takes over within `retryMs`. On the embedded database there is one process: it always leads.
 */
export interface Leadership {
  readonly isLeader: boolean;
  start(): void;
  stop(): Promise<void>;
}

/** Lock ids (the first key of the two-key advisory lock); never reuse a value, nor one of LOCK_NAMESPACES. */
export const LEADER_LOCKS = {
  /** The demo simulator and the jobs it runs (invoicing, payments). */
  scheduledJobs: 0x4c_45_41_44, // 'LEAD'
  /** Start-up: one server at a time migrates and checks (or seeds) the demo world. */
  startup: 0x53_54_52_54, // 'STRT'
} as const;

export class AlwaysLeader implements Leadership {
  readonly isLeader = true;
  start(): void {}
  async stop(): Promise<void> {}
}

export interface PostgresLeaderLockOptions {
  url: string;
  lock: keyof typeof LEADER_LOCKS;
  /** The second key (default 0); advisory locks are per database already, so systems on other databases never meet. */
  id?: number;
  retryMs?: number;
  onChange?: (leader: boolean) => void;
  onError?: (err: Error) => void;
}

export class PostgresLeaderLock implements Leadership {
  private client: pg.Client | undefined;
  private leader = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private readonly retryMs: number;

  constructor(private readonly options: PostgresLeaderLockOptions) {
    this.retryMs = options.retryMs ?? 2000;
  }

  get isLeader(): boolean {
    return this.leader;
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.tick();
    this.timer = setInterval(() => this.tick(), this.retryMs);
    this.timer.unref();
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.attempt().finally(() => {
      this.running = undefined;
    });
  }

  private setLeader(leader: boolean): void {
    if (this.leader === leader) return;
    this.leader = leader;
    this.options.onChange?.(leader);
  }

  private async attempt(): Promise<void> {
    if (this.stopped) return;
    try {
      if (!this.client) {
        const client = new pg.Client({
          connectionString: this.options.url,
          connectionTimeoutMillis: Math.max(1000, this.retryMs),
          query_timeout: Math.max(1000, this.retryMs),
          keepAlive: true,
          application_name: 'portal-leader',
        });
        client.on('error', (err) => this.lose(client, err));
        client.on('end', () => this.lose(client, new Error('leader lock connection ended')));
        await client.connect();
        if (this.stopped) {
          await client.end().catch(() => {});
          return;
        }
        this.client = client;
      }
      if (this.leader) {
        // Still holding it while this session lives.
        await this.client.query('select 1');
      } else {
        const { rows } = await this.client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::int, $2::int) as ok', [
          LEADER_LOCKS[this.options.lock],
          this.options.id ?? 0,
        ]);
        if (rows[0]?.ok && !this.stopped) this.setLeader(true);
      }
    } catch (error) {
      const client = this.client;
      if (client) this.lose(client, error as Error);
      else this.options.onError?.(error as Error);
    }
  }

  /** The session is gone or unusable: so is the lock. */
  private lose(client: pg.Client, err: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    if (!this.stopped) this.options.onError?.(err);
    client.removeAllListeners('error');
    client.removeAllListeners('end');
    client.on('error', () => {});
    void client.end().catch(() => {});
    this.setLeader(false);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => {});
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('end');
      client.on('error', () => {});
      // Ending the session frees the lock; the next process takes it on its next try.
      await client.end().catch(() => {});
    }
    this.setLeader(false);
  }
}

/**
 * Runs `work` while holding a session-level advisory lock, waiting for it: servers starting together on one
 * PostgreSQL migrate and seed one after the other (the later ones find the work done).
 */
export async function withSessionLock<T>(url: string, lock: keyof typeof LEADER_LOCKS, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, application_name: 'portal-startup' });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1::int, 0)', [LEADER_LOCKS[lock]]);
    return await work();
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => {});
  }
}

export function createLeadership(options: Omit<PostgresLeaderLockOptions, 'url'> & { url: string | undefined }): Leadership {
  return options.url ? new PostgresLeaderLock({ ...options, url: options.url }) : new AlwaysLeader();
}
