import type { EmbeddedDatabase } from '@portal/db/pglite-worker-client';
import { vacuumEmbedded } from './embedded-maintenance.repository';

/** How often the embedded database is vacuumed (about 0.1 s once the first run has marked the pages). */
export const EMBEDDED_VACUUM_INTERVAL_MS = 10 * 60_000;
/** Every how many vacuums the planner's statistics are refreshed too (ANALYZE samples every table: ~0.4 s). */
export const EMBEDDED_ANALYZE_EVERY = 6;

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * The upkeep PostgreSQL's autovacuum does, for the embedded database, which has none: one
 * `VACUUM (ANALYZE)` at start, before the server listens (a world just seeded, or grown since the last start, is
 * marked all-visible and measured: 2–3 s the first time, well under a second after), then a VACUUM every ten
 * minutes and an ANALYZE every hour. Each run holds the single embedded connection while it works, so the runs
 * after start are the small, incremental ones.
 */
export class EmbeddedMaintenance {
  private timer: NodeJS.Timeout | undefined;
  private runs = 0;
  private running: Promise<void> | undefined;

  constructor(
    private readonly pglite: EmbeddedDatabase,
    private readonly log: Log,
    private readonly intervalMs = EMBEDDED_VACUUM_INTERVAL_MS,
  ) {}

  /** The start-up run; resolves when it is done (a failure is logged, not thrown: the server can serve without it). */
  async atStart(): Promise<void> {
    await this.run(true);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.runs += 1;
      void this.run(this.runs % EMBEDDED_ANALYZE_EVERY === 0);
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private run(analyze: boolean): Promise<void> {
    if (this.running) return this.running;
    const started = performance.now();
    this.running = vacuumEmbedded(this.pglite, { analyze })
      .then(
        () => this.log.info({ analyze, ms: Math.round(performance.now() - started) }, 'embedded database vacuumed'),
        (error: unknown) =>
          this.log.warn({ err: { message: error instanceof Error ? error.message : String(error) } }, 'embedded database vacuum failed'),
      )
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }
}
