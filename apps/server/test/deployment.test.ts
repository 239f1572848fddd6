import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, gunzipSync } from 'node:zlib';
import { Ajv } from 'ajv';
import { validate, ValidationSeverity } from 'dockerfile-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../src/config';

/**
 * The deployment files as an operator uses them: the migration step the containers run before the servers, the
 * HAProxy configuration (checked with `haproxy -c` and run in front of a stand-in server: TLS, the redirect,
 * compression, the event stream, the access log, the answer when no server is up), and deploy/compose.yaml against
 * the Compose Specification's JSON Schema (vendor/compose-spec.json) and what it must hold, and the Dockerfile as a
 * linter reads it.
 */

const exec = promisify(execFile);
const dirs: string[] = [];
const children = new Set<ChildProcess>();
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-deploy-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const HAPROXY = has('haproxy');
const OPENSSL = has('openssl');

interface Compose {
  services: Record<string, Record<string, unknown> & { command?: string[]; environment?: Record<string, string> }>;
  networks: Record<string, { ipam: { config: Array<{ subnet: string }> } }>;
}
const composeText = readFileSync(join(repoRoot, 'deploy/compose.yaml'), 'utf8');
const compose = parse(composeText, { merge: true }) as Compose;

/** A compose service's shell script (`sh -ec <script>`), as the container runs it, with its paths moved into `dir`. */
function composeScript(service: string, from: string, dir: string): string {
  return compose.services[service]!.command![0]!.replaceAll('$$', '$').replaceAll(from, dir);
}

describe('the migration step (node apps/server/dist/migrate-cli.js)', () => {
  const migrate = (env: Record<string, string>) =>
    exec(process.execPath, ['--import', 'tsx', 'apps/server/src/migrate-cli.ts'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', ...env },
    }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('migrates, exits 0, and exits 0 again when there is nothing to do; a bad setting exits 2 naming it', async () => {
    const env = { DATA_DIR: freshDir(), DEMO: 'false', JWT_SECRET: 'deployment-test-secret-0123456789abcdef' };
    const first = await migrate(env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/\[migrate\] migrations applied/);
    const again = await migrate(env);
    expect(again.code, again.stderr).toBe(0);
    const bad = await migrate({ ...env, JWT_SECRET: 'short' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/JWT_SECRET/);
  }, 180_000);
});

/** deploy/haproxy.cfg filled in by scripts/cluster.mjs, as `npm run cluster` does. */
function clusterConfig(bind: string, ports: number[]): string {
  const script = `import { haproxyConfig } from './scripts/cluster.mjs'; process.stdout.write(haproxyConfig(${JSON.stringify({ bind, ports })}));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout;
}

function haproxyCheck(file: string, env: Record<string, string> = {}) {
  return spawnSync('haproxy', ['-c', '-f', file], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env } });
}

/** A certificate as compose's certs step makes it, into `dir`/portal.pem. */
function makeCertificate(dir: string): string {
  const made = spawnSync('sh', ['-ec', composeScript('certs', '/certs', dir)], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', PORTAL_HOSTNAME: 'localhost' },
  });
  if (made.status !== 0) throw new Error(made.stderr);
  return join(dir, 'portal.pem');
}

describe.skipIf(!HAPROXY)(
  `the HAProxy configuration (haproxy -c)${HAPROXY ? '' : ' — skipped: haproxy is not installed (apt-get install haproxy)'}`,
  () => {
    it('is valid as npm run cluster fills it in (plain HTTP)', () => {
      const file = join(freshDir(), 'haproxy.cfg');
      writeFileSync(file, clusterConfig('127.0.0.1:8080', [8081, 8082, 8083]));
      const check = haproxyCheck(file);
      expect(check.status, check.stderr + check.stdout).toBe(0);
    });

    it.skipIf(!OPENSSL)('is valid as compose fills it in, with the certificate its certs step makes (TLS)', () => {
      const dir = freshDir();
      const certificate = makeCertificate(dir);
      // The proxy's own command: sed into a file, then `haproxy -c` on it (the last step, `exec haproxy`, is left out).
      const command = compose.services.proxy!.command![2]!.replaceAll('$$', '$');
      const [fill, check] = command.split(' && ');
      const filled = fill!
        .replace('/usr/local/etc/haproxy/template.cfg', join(repoRoot, 'deploy/haproxy.cfg'))
        .replace('/tmp/haproxy.cfg', join(dir, 'h.cfg'));
      expect(check).toContain('haproxy -c');
      expect(spawnSync('sh', ['-c', filled]).status).toBe(0);
      const env = compose.services.proxy!.environment!;
      const result = haproxyCheck(join(dir, 'h.cfg'), { PORTAL_TLS_BIND: env.PORTAL_TLS_BIND!, PORTAL_TLS_CERT: certificate });
      expect(result.status, result.stderr + result.stdout).toBe(0);
      expect(readFileSync(join(dir, 'h.cfg'), 'utf8')).toMatch(/server s3 server3:3000 check/);
    });

    describe.skipIf(!OPENSSL)('in front of a stand-in server', () => {
      let backend: Server;
      let proxy: ChildProcess;
      let log = '';
      let httpPort = 0;
      let httpsPort = 0;
      const big = JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `booking ${i}`, status: 'filled' })));

      const freePort = () =>
        new Promise<number>((resolve) => {
          const s = createServer().listen(0, '127.0.0.1', () => {
            const { port } = s.address() as AddressInfo;
            s.close(() => resolve(port));
          });
        });

      function get(
        url: string,
        headers: Record<string, string> = {},
        firstChunkOnly = false,
      ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
        return new Promise((resolve, reject) => {
          const send = url.startsWith('https:') ? httpsRequest : request;
          const req = send(url, { headers, rejectUnauthorized: false }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => {
              chunks.push(chunk);
              if (firstChunkOnly) {
                resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) });
                req.destroy();
              }
            });
            res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
          });
          req.on('error', (error) => (firstChunkOnly ? undefined : reject(error)));
          req.end();
        });
      }

      beforeAll(async () => {
        backend = createServer((req, res) => {
          if (req.url === '/api/ready') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
          if (req.url === '/big') return res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(big);
          if (req.url === '/big-br') {
            const body = brotliCompressSync(big);
            return res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br', vary: 'accept-encoding' }).end(body);
          }
          if (req.url === '/v1/events') {
            res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
            res.write(': connected\n\n');
            return; // left open, as the live stream is
          }
          res.writeHead(404).end();
        });
        await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
        const backendPort = (backend.address() as AddressInfo).port;
        [httpPort, httpsPort] = [await freePort(), await freePort()];
        const dir = freshDir();
        const file = join(dir, 'haproxy.cfg');
        writeFileSync(file, clusterConfig(`127.0.0.1:${httpPort}`, [backendPort]));
        proxy = spawn('haproxy', ['-db', '-f', file], {
          env: { PATH: process.env.PATH ?? '', PORTAL_TLS_CERT: makeCertificate(dir), PORTAL_TLS_BIND: `127.0.0.1:${httpsPort}` },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        children.add(proxy);
        proxy.stdout!.on('data', (d: Buffer) => (log += d.toString()));
        proxy.stderr!.on('data', (d: Buffer) => (log += d.toString()));
        // Up once its health check on /api/ready passed.
        for (const until = Date.now() + 15_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
          const status = await get(`https://127.0.0.1:${httpsPort}/big`).then(
            (r) => r.status,
            () => 0,
          );
          if (status === 200) break;
        }
      }, 30_000);
      afterAll(async () => {
        proxy?.kill('SIGTERM');
        await new Promise<void>((resolve) => (backend ? backend.close(() => resolve()) : resolve()));
      });

      it('redirects plain HTTP to HTTPS, path and query kept', async () => {
        const res = await get(`http://127.0.0.1:${httpPort}/v1/bookings?take=5`);
        expect(res.status).toBe(301);
        expect(res.headers.location).toBe(`https://127.0.0.1:${httpPort}/v1/bookings?take=5`);
      });

      it('gzips what the server sent plain, passes what it compressed itself, and never the event stream', async () => {
        const gz = await get(`https://127.0.0.1:${httpsPort}/big`, { 'accept-encoding': 'gzip' });
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(gz.body).toString()).toBe(big);
        const plain = await get(`https://127.0.0.1:${httpsPort}/big`);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body.toString()).toBe(big);
        const br = await get(`https://127.0.0.1:${httpsPort}/big-br`, { 'accept-encoding': 'gzip, br' });
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.body.equals(brotliCompressSync(big))).toBe(true);
        const events = await get(`https://127.0.0.1:${httpsPort}/v1/events`, { 'accept-encoding': 'gzip' }, true);
        expect(events.headers['content-encoding']).toBeUndefined();
        expect(events.body.toString()).toContain(': connected');
      });

      it('logs each request as one JSON line with its id, and no credential in the path', async () => {
        await get(`https://127.0.0.1:${httpsPort}/v1/file/(eyJhbGciOi.secret)?token=abc`);
        await new Promise((r) => setTimeout(r, 300));
        const lines = log
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as { method: string; path: string; status: number; id: string; tls: string });
        const file = lines.find((line) => line.path.startsWith('/v1/file/'));
        expect(file).toMatchObject({ method: 'GET', path: '/v1/file/~', status: 404 });
        expect(file!.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(file!.tls).toMatch(/^TLSv1\.[23]$/);
        expect(log).not.toContain('eyJhbGciOi');
        expect(log).not.toContain('token=abc');
      });

      it('answers a problem with Retry-After when no server is up', async () => {
        await new Promise<void>((resolve) => backend.close(() => resolve()));
        backend.closeAllConnections();
        let res = await get(`https://127.0.0.1:${httpsPort}/big`);
        for (const until = Date.now() + 10_000; res.status !== 503 && Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
          res = await get(`https://127.0.0.1:${httpsPort}/big`);
        }
        expect(res.status).toBe(503);
        expect(res.headers['content-type']).toBe('application/problem+json');
        expect(res.headers['retry-after']).toBe('5');
        expect(JSON.parse(res.body.toString())).toMatchObject({ status: 503, code: 'service-unavailable' });
      });
    });
  },
);

describe('deploy/compose.yaml', () => {
  it('is valid against the Compose Specification (JSON Schema)', () => {
    const schema = JSON.parse(readFileSync(join(repoRoot, 'apps/server/test/vendor/compose-spec.json'), 'utf8')) as object;
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, validateSchema: false });
    const validate = ajv.compile(schema);
    // With its merge keys (`<<: *server`) resolved, as Compose validates it; `${…}` is left as written.
    const valid = validate(compose);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('requires its secrets: no default database password or signing secret', () => {
    const uses = [...composeText.matchAll(/\$\{(POSTGRES_PASSWORD|JWT_SECRET)([^}]*)\}/g)];
    expect(uses.length).toBeGreaterThanOrEqual(4);
    for (const [whole, , rest] of uses) expect(rest, whole).toMatch(/^:\?/);
  });

  it('starts the servers after the migration step succeeded, limits every long-running service, and backs up', () => {
    const servers = Object.keys(compose.services).filter((name) => /^server\d$/.test(name));
    expect(servers).toHaveLength(3);
    for (const name of servers) {
      const dependsOn = compose.services[name]!.depends_on as Record<string, { condition: string }>;
      expect(dependsOn.migrate, name).toEqual({ condition: 'service_completed_successfully' });
    }
    expect(compose.services.migrate!.command).toEqual(['node', 'apps/server/dist/migrate-cli.js']);
    const proxyDependsOn = compose.services.proxy!.depends_on as Record<string, { condition: string }>;
    expect(proxyDependsOn.certs).toEqual({ condition: 'service_completed_successfully' });
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.restart === 'no') continue;
      const limits = (service.deploy as { resources?: { limits?: { cpus?: string; memory?: string } } } | undefined)?.resources?.limits;
      expect(limits?.cpus, name).toBeDefined();
      expect(limits?.memory, name).toBeDefined();
    }
    const backup = composeScript('backup', '/backups', '/backups');
    expect(backup).toMatch(/pg_dump --format=custom/);
    expect(backup).toMatch(/-mtime \+"\$BACKUP_KEEP_DAYS" -print -delete/);
  });

  it('trusts forwarded addresses from the compose network only', () => {
    const subnet = compose.networks.portal!.ipam.config[0]!.subnet;
    expect(compose.services.server1!.environment!.TRUSTED_PROXIES).toBe(subnet);
    expect(subnet).toMatch(/^\$\{PORTAL_SUBNET:-172\.28\.0\.0\/24\}$/);
    for (const name of ['server1', 'server2', 'server3', 'proxy', 'postgres', 'redis', 'backup']) {
      expect(compose.services[name]!.networks, name).toEqual(['portal']);
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');
  /** Instructions with their continuation lines joined, comments left out. */
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
  const stages = (): Array<Array<{ keyword: string; args: string }>> => {
    const result: Array<Array<{ keyword: string; args: string }>> = [];
    for (const instruction of instructions) {
      if (instruction.keyword === 'FROM') result.push([]);
      result.at(-1)?.push(instruction);
    }
    return result;
  };

  // The image cannot be built on a machine without a container engine and registry access: what a linter checks
  // (hadolint's rules that apply here, and the Docker language server's validator) is checked instead.
  it("passes the Docker language server's validator with every rule on", () => {
    const diagnostics = validate(dockerfile, {
      deprecatedMaintainer: ValidationSeverity.ERROR,
      directiveCasing: ValidationSeverity.ERROR,
      emptyContinuationLine: ValidationSeverity.ERROR,
      instructionCasing: ValidationSeverity.ERROR,
      instructionCmdMultiple: ValidationSeverity.ERROR,
      instructionEntrypointMultiple: ValidationSeverity.ERROR,
      instructionHealthcheckMultiple: ValidationSeverity.ERROR,
      instructionJSONInSingleQuotes: ValidationSeverity.ERROR,
      instructionWorkdirRelative: ValidationSeverity.ERROR,
    });
    expect(diagnostics.map((d) => `${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
  });

  it('builds from a pinned Node 22 LTS image and runs as a non-root user, in exec form, with a health check', () => {
    const base = /^NODE_IMAGE=(\S+)$/.exec(instructions.find((i) => i.keyword === 'ARG' && i.args.startsWith('NODE_IMAGE='))!.args)![1]!;
    expect(base).toMatch(/^node:22-[a-z]+-slim$/); // never `latest`, never untagged (hadolint DL3006, DL3007)
    const runtime = stages().at(-1)!;
    const users = runtime.filter((i) => i.keyword === 'USER');
    expect(users.at(-1)?.args).toBe('node'); // DL3002: the last USER is not root
    expect(runtime.findIndex((i) => i.keyword === 'USER')).toBeLessThan(runtime.findIndex((i) => i.keyword === 'CMD'));
    const cmd = runtime.find((i) => i.keyword === 'CMD')!;
    expect(() => JSON.parse(cmd.args) as unknown).not.toThrow(); // DL3025: exec form, so signals reach node
    expect(JSON.parse(cmd.args)).toEqual(['node', '--import', './apps/server/dist/instrument.js', 'apps/server/dist/main.js']);
    expect(runtime.some((i) => i.keyword === 'HEALTHCHECK' && i.args.includes('/api/ping'))).toBe(true);
    for (const { keyword, args } of instructions) {
      if (keyword === 'WORKDIR') expect(args).toMatch(/^\//); // DL3000
      if (keyword === 'RUN') {
        expect(args).not.toMatch(/\bnpm install\b/); // the lock file only: npm ci
        expect(args).not.toMatch(/\bsudo\b/); // DL3004
        expect(args).not.toMatch(/\bcd\s/); // DL3003: WORKDIR instead
        if (/apt-get install/.test(args)) expect(args).toMatch(/--no-install-recommends/); // DL3015
      }
      if (keyword === 'ADD') expect.fail('COPY, not ADD (DL3020)');
    }
  });

  it('copies every workspace package file before npm ci, and every path it copies from the context exists', () => {
    const workspaces = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
    const deps = stages()[0]!;
    const copied = deps.filter((i) => i.keyword === 'COPY').flatMap((i) => i.args.split(/\s+/).slice(0, -1));
    // npm ci fails when a workspace the lock file names is missing from the image.
    for (const workspace of workspaces) expect(copied, workspace).toContain(`${workspace}/package.json`);
    for (const { keyword, args } of instructions) {
      if (keyword !== 'COPY' || args.startsWith('--from=')) continue;
      for (const source of args.split(/\s+/).slice(0, -1)) {
        if (source !== '.') expect(existsSync(join(repoRoot, source)), source).toBe(true);
      }
    }
    const ignored = readFileSync(join(repoRoot, '.dockerignore'), 'utf8').split('\n');
    for (const path of ['**/node_modules', '.git', '.env']) expect(ignored).toContain(path);
  });
});
