import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback that a test can cut (every connection dropped, the port closed) and restore: makes a
 * database or Redis outage real for the server in front of it.
 */
export class CuttableProxy {
  private server: Server | undefined;
  private sockets = new Set<Socket>();
  constructor(
    private readonly target: { host: string; port: number },
    readonly port: number,
  ) {}

  static async freePort(): Promise<number> {
    const probe = createServer();
    const port = await new Promise<number>((resolve) =>
      probe.listen(0, '127.0.0.1', () => resolve((probe.address() as { port: number }).port)),
    );
    await new Promise((r) => probe.close(r));
    return port;
  }

  async up(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  async down(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }
}
