// Compiles the server to plain JavaScript (dist/), so `npm start` runs Node on built files without a TypeScript
// loader in the process. The workspace packages (@portal/contract, @portal/db: TypeScript sources) are bundled in;
// every other package stays an import from node_modules. Entry points: the server, the demo seed, the backup CLI and
// the migration step.
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const outdir = `${here}dist`;
rmSync(outdir, { recursive: true, force: true });

/** Bare imports that are not workspace packages load from node_modules at run time. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * packages/db finds its migrations beside its own source file (`new URL('../migrations', import.meta.url)`); bundled
 * into dist/ that URL must point from dist/ to the same folder.
 */
const migrationsFromDist = {
  name: 'migrations-from-dist',
  setup(b) {
    b.onLoad({ filter: /packages[\\/]db[\\/]src[\\/]migrate\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const original = "new URL('../migrations', import.meta.url)";
      if (!source.includes(original)) throw new Error(`build.mjs: ${args.path} no longer says ${original}`);
      return { contents: source.replace(original, "new URL('../../../packages/db/migrations', import.meta.url)"), loader: 'ts' };
    });
  },
};

/**
 * The release (lib/release.ts): PORTAL_RELEASE when the build is told it (an image built without the .git folder),
 * else `git describe` of the checkout, else the build's id.
 */
const buildId = randomUUID();
function gitDescribe() {
  try {
    return execFileSync('git', ['describe', '--tags', '--always', '--dirty'], { cwd: here, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return undefined;
  }
}
const release = process.env.PORTAL_RELEASE || gitDescribe() || `build-${buildId.slice(0, 8)}`;

const started = performance.now();
const result = await build({
  entryPoints: {
    main: 'src/main.ts',
    instrument: 'src/instrument.ts',
    'seed-cli': 'src/demo/seed-cli.ts',
    'backup-cli': 'src/backup-cli.ts',
    'migrate-cli': 'src/migrate-cli.ts',
  },
  absWorkingDir: here,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  // Stack traces name the source files (Node reads the maps with --enable-source-maps).
  sourcesContent: false,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  plugins: [externalPackages, migrationsFromDist],
  // Names this build in the tags of versioned answers (lib/versioned-answers.ts): a browser's tag from an earlier
  // build never matches an answer this one computes.
  define: { __PORTAL_BUILD__: JSON.stringify(buildId), __PORTAL_RELEASE__: JSON.stringify(release) },
});
// The embedded database's worker thread is plain JavaScript loaded by URL beside the code that starts it
// (packages/db/src/pglite-worker-client.ts: `new URL('./pglite-worker.mjs', import.meta.url)`).
copyFileSync(`${here}../../packages/db/src/pglite-worker.mjs`, `${outdir}/pglite-worker.mjs`);
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
process.stdout.write(
  `server ${release} built in ${Math.round(performance.now() - started)} ms: dist/ (${(bytes / 1024).toFixed(0)} kB of JavaScript)\n`,
);
