import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import MagicString from 'magic-string';
import { defineConfig, parseAst, type Plugin, type ProxyOptions, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// By path: Vite loads its config with Node, which would leave a workspace package's TypeScript unbundled.
import { FIRST_PAGE_SERVER_TEXTS } from '../../packages/contract/src/first-page';
import { brandFor } from '../../packages/contract/src/format/brand';
import { BOOT_FRAME_PAGES } from './src/app/boot-frame-pages';
import { serverErrorAsFailure } from './src/app/service-worker/server-error-fallback';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

/** Everything the API server answers; the dev server and `vite preview` forward these to it. */
const apiProxy: Record<string, ProxyOptions> = {
  '^/(v1|api|docs|dev)(/|$)': { target: apiTarget },
  '/config.runtime.json': { target: apiTarget },
};

/**
 * The texts of the first screens the server draws (Home, an invoice), as `namespace:key` of the web app's locale files.
 * A plural text is listed once per form (`_one`, `_other`), as i18next's files hold it.
 */
const FIRST_PAGE_KEYS = {
  title: 'pages:home.title',
  tiles: 'pages:home.layouts.tile',
  list: 'pages:home.layouts.list',
  map: 'pages:home.layouts.map',
  chooseSchool: 'pages:home.quickBook.chooseSchool',
  greeting: 'pages:home.greeting',
  usualTimes: 'pages:home.quickBook.usualTimes',
  today: 'pages:home.quickBook.today',
  tomorrow: 'pages:home.quickBook.tomorrow',
  on: 'pages:home.quickBook.on',
  nextSchoolDay: 'pages:home.quickBook.nextSchoolDay',
  invoiceTitle: 'finance:invoice.title',
  invoiceBack: 'finance:invoice.back',
  invoiceDownload: 'finance:download.button',
  invoiceBilledTo: 'finance:invoice.billedTo',
  invoiceIssued: 'finance:invoice.issued',
  invoiceDue: 'finance:invoice.due',
  invoicePeriod: 'finance:invoice.period',
  invoiceCurrency: 'finance:invoice.currency',
  invoiceStatus: 'finance:list.status',
  taxInvoice: 'finance:invoice.document.tax_invoice',
  vatInvoice: 'finance:invoice.document.vat_invoice',
  plainInvoice: 'finance:invoice.document.invoice',
  unpaidBanner: 'finance:invoice.unpaidBanner',
  overdueBanner_one: 'finance:invoice.overdueBanner_one',
  overdueBanner_other: 'finance:invoice.overdueBanner_other',
  periodRange: 'finance:list.periodRange',
  statusPaid: 'finance:status.paid',
  statusUnpaid: 'finance:status.unpaid',
  statusOverdue: 'finance:status.overdue',
  overdueDays_one: 'finance:status.overdueDays_one',
  overdueDays_other: 'finance:status.overdueDays_other',
} as const;
type FirstPageText = keyof typeof FIRST_PAGE_KEYS;

/** The texts the server fills in (first-page-texts.json); index.html has the others (htmlTexts). */
const SERVER_TEXTS: readonly FirstPageText[] = FIRST_PAGE_SERVER_TEXTS;

/**
 * The `en` texts of the first screens the server draws into index.html for a signed-in browser (apps/server,
 * modules/first-page): index.html's frames have the fixed ones (htmlTexts), and the build writes the ones with data
 * in them (i18next templates: `{{firstName}}`, `{{school}}`, `{{times}}`, `{{day}}`, `{{invoiceNo}}`, `{{date}}`,
 * `{{count}}`, `{{from}}`, `{{to}}`) to first-page-texts.json for the server. The HTML carries one language, so a
 * regional folder that words one of them otherwise is refused.
 */
function firstPageTexts(): Record<FirstPageText, string> {
  const locales = new URL('./src/locales/', import.meta.url);
  const read = (file: URL) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const at = (texts: Record<string, unknown>, key: string): unknown =>
    key
      .split('.')
      .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), texts);
  const split = (name: string) => {
    const [namespace = '', key = ''] = name.split(':');
    return { namespace, key };
  };
  const regions = readdirSync(locales, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== 'en');
  const texts = {} as Record<FirstPageText, string>;
  for (const [name, full] of Object.entries(FIRST_PAGE_KEYS) as [FirstPageText, string][]) {
    const { namespace, key } = split(full);
    const text = at(read(new URL(`en/${namespace}.json`, locales)), key);
    if (typeof text !== 'string') throw new Error(`firstPageTexts: en/${namespace}.json lacks ${key}`);
    texts[name] = text;
  }
  for (const region of regions) {
    for (const full of Object.values(FIRST_PAGE_KEYS)) {
      const { namespace, key } = split(full);
      const file = new URL(`${region.name}/${namespace}.json`, locales);
      if (existsSync(file) && at(read(file), key) !== undefined)
        throw new Error(
          `firstPageTexts: ${region.name}/${namespace}.json words ${key}; the first screens in index.html have the en text only`,
        );
    }
  }
  return texts;
}

/** first-page-texts.json beside index.html: the texts of Home's first screen that the server fills in. */
function firstPageServerTexts(): Plugin {
  return {
    name: 'portal-first-page-texts',
    apply: 'build',
    generateBundle() {
      const texts = firstPageTexts();
      const source = Object.fromEntries(SERVER_TEXTS.map((name) => [name, texts[name]]));
      this.emitFile({ type: 'asset', fileName: 'first-page-texts.json', source: `${JSON.stringify(source, null, 2)}\n` });
    },
  };
}

/**
 * index.html is painted before any script runs, so its few texts (title, loading text, the sign-in page's static
 * first paint, Home's first screen) are filled in at build time from the `en` locale: the texts still live only in
 * src/locales (the product and company names in the contract's brand table, as i18n.ts reads them).
 */
function htmlTexts(): Plugin {
  return {
    name: 'portal-html-texts',
    transformIndexHtml(html) {
      const common = JSON.parse(readFileSync(new URL('./src/locales/en/common.json', import.meta.url), 'utf8')) as Record<string, unknown>;
      const auth = JSON.parse(readFileSync(new URL('./src/locales/en/auth.json', import.meta.url), 'utf8')) as {
        signIn?: Record<string, unknown>;
      };
      const signIn = auth.signIn ?? {};
      const brand = brandFor('en');
      const first = firstPageTexts();
      const texts: Record<string, unknown> = {
        PORTAL_APP_NAME: brand.productName,
        PORTAL_COMPANY_NAME: brand.companyName,
        PORTAL_LOADING: common.loading,
        PORTAL_DESCRIPTION: common.description,
        PORTAL_NOSCRIPT: common.noscript,
        // The sign-in page's static first paint.
        PORTAL_SIGN_IN_HEADING: signIn.heading,
        PORTAL_SIGN_IN_INTRO: signIn.intro,
        PORTAL_SIGN_IN_EMAIL: signIn.email,
        PORTAL_SIGN_IN_PASSWORD: signIn.password,
        PORTAL_SIGN_IN_FORGOT: signIn.forgotPassword,
        PORTAL_SIGN_IN_SUBMIT: signIn.submit,
        // Home's first screen (the server fills in its texts with data).
        PORTAL_HOME_TITLE: first.title,
        PORTAL_HOME_TILES: first.tiles,
        PORTAL_HOME_LIST: first.list,
        PORTAL_HOME_MAP: first.map,
        PORTAL_HOME_CHOOSE_SCHOOL: first.chooseSchool,
        PORTAL_HOME_NEXT_SCHOOL_DAY: first.nextSchoolDay,
        // An invoice's first screen (the server fills in its texts with data).
        PORTAL_INVOICE_TITLE: first.invoiceTitle,
        PORTAL_INVOICE_BACK: first.invoiceBack,
        PORTAL_INVOICE_DOWNLOAD: first.invoiceDownload,
        PORTAL_INVOICE_BILLED_TO: first.invoiceBilledTo,
        PORTAL_INVOICE_ISSUED: first.invoiceIssued,
        PORTAL_INVOICE_DUE: first.invoiceDue,
        PORTAL_INVOICE_PERIOD: first.invoicePeriod,
        PORTAL_INVOICE_CURRENCY: first.invoiceCurrency,
        PORTAL_INVOICE_STATUS: first.invoiceStatus,
      };
      return html.replace(/%(PORTAL_[A-Z_]+)%/g, (whole, key: string) => {
        const value = texts[key];
        if (typeof value !== 'string') throw new Error(`index.html uses ${whole}, which has no text in the en locale`);
        return escapeHtml(value);
      });
    },
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/**
 * boot-paint.js (beside index.html) goes inline where index.html says `<!-- portal-boot-paint -->`, without its
 * comments: a classic script in the head runs before the first paint and before the app's code, so the static first
 * screen it picks is what paints first (as a file of its own it ran a round trip after the HTML, after the loading
 * view had painted). The server's Content-Security-Policy allows each inline script of the built index.html by its
 * hash (apps/server/src/plugins/static-web.ts, inlineScriptHashes).
 */
function inlineBootPaint(): Plugin {
  return {
    name: 'portal-inline-boot-paint',
    transformIndexHtml(html) {
      const marker = '<!-- portal-boot-paint -->';
      if (!html.includes(marker)) throw new Error(`inlineBootPaint: index.html has no ${marker}`);
      const code = readFileSync(new URL('./boot-paint.js', import.meta.url), 'utf8')
        .replace(/^\/\*[\s\S]*?\*\/\n/, '')
        .replace(/^\s*\/\/.*\n/gm, '')
        .trim();
      if (/<\/script/i.test(code)) throw new Error('inlineBootPaint: boot-paint.js must not contain </script');
      return html.replace(marker, `<script>${code}</script>`);
    },
  };
}

/**
 * The signed-in pages' frame (app/boot-frame-pages.ts): index.html's `<!-- portal-boot-frame-pages -->` becomes each
 * page's heading and intro from the `en` locale, each shown by a class on <html> (`boot-frame--<page>`, which
 * boot-paint.js puts there), and a meta tag lists the pages for that script. A regional folder that words
 * one of these texts differently would have its region see the `en` text first: the build refuses it instead.
 */
function bootFrame(): Plugin {
  const locales = new URL('./src/locales/', import.meta.url);
  // A page's key is its path without the slash (boot-paint.js reads `location.pathname` so): one segment only.
  const keyOf = (path: string) => {
    if (!/^\/[a-z-]+$/.test(path)) throw new Error(`bootFrame: ${path} is not a one-segment path`);
    return path.slice(1);
  };
  return {
    name: 'portal-boot-frame',
    transformIndexHtml(html) {
      const marker = '<!-- portal-boot-frame-pages -->';
      if (!html.includes(marker)) throw new Error(`bootFrame: index.html has no ${marker}`);
      const regions = readdirSync(locales, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== 'en');
      // A page's `title` and `intro`: at the namespace's top, or under its keyPrefix.
      const textsOf = (file: URL, keyPrefix: string | undefined): Record<string, unknown> => {
        const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
        const texts = keyPrefix === undefined ? all : all[keyPrefix];
        return typeof texts === 'object' && texts !== null ? (texts as Record<string, unknown>) : {};
      };
      const pages = BOOT_FRAME_PAGES.map(({ path, namespace, keyPrefix, headerWidth }) => {
        const { title, intro } = textsOf(new URL(`en/${namespace}.json`, locales), keyPrefix);
        const where = `en/${namespace}.json${keyPrefix === undefined ? '' : ` (${keyPrefix})`}`;
        if (typeof title !== 'string' || typeof intro !== 'string') throw new Error(`bootFrame: ${where} lacks title or intro`);
        for (const region of regions) {
          const file = new URL(`${region.name}/${namespace}.json`, locales);
          if (!existsSync(file)) continue;
          const override = textsOf(file, keyPrefix);
          if ('title' in override || 'intro' in override)
            throw new Error(
              `bootFrame: ${region.name}/${namespace}.json words ${path}'s title or intro; index.html's frame has the en text only`,
            );
        }
        return { key: keyOf(path), title, intro, headerWidth };
      });
      const markup = pages
        .map(
          (page) =>
            `<div class="boot-frame-view__header" data-boot-frame="${page.key}" style="max-width: ${page.headerWidth}px">` +
            `<h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.intro)}</p></div>`,
        )
        .join('\n');
      const style = pages.map((page) => `html.boot-frame--${page.key} [data-boot-frame="${page.key}"] { display: block; }`).join('\n');
      return {
        html: html.replace(marker, markup),
        tags: [
          { tag: 'style', children: style, injectTo: 'head' },
          // Before boot-paint.js, which reads it as the head is parsed.
          {
            tag: 'meta',
            attrs: { name: 'portal-boot-frames', content: pages.map((page) => page.key).join(' ') },
            injectTo: 'head-prepend',
          },
        ],
      };
    },
  };
}

/** The built chunks, and the files index.html already loads (by src or href), when a bundle is being written. */
function builtFor(html: string, bundle: Rolldown.OutputBundle | undefined) {
  if (!bundle) return undefined;
  const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
  const already = new Set([...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]));
  return { chunks, already };
}

/**
 * The sign-in page is the usual first page: main.tsx imports its chunk at once, but the browser only learns of it
 * after the entry (the largest file) has arrived and run. A modulepreload link in index.html fetches it, and the
 * chunks it imports, alongside the entry instead (about 5 kB; one round trip less before the form shows).
 */
function preloadSignInPage(): Plugin {
  return {
    name: 'portal-preload-sign-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const built = builtFor(html, context.bundle);
        if (!built) return html;
        const { chunks, already } = built;
        const page = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('/src/features/auth/login-page.tsx')));
        if (!page) throw new Error('preloadSignInPage: no chunk for src/features/auth/login-page.tsx');
        const files = [page.fileName, ...page.imports].filter((file) => !already.has(file));
        return {
          html,
          tags: files.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}

/**
 * Inter for Home's first screen (index.html: the quick-book card's sentence, the page's largest text): the app's own
 * faces of Inter (its stylesheet in the bundle, @fontsource-variable/inter) under the name `Inter Frame` and with
 * `font-display: block`, inline in the head. The sentence then paints once in the font the app draws it in, never
 * first in a fallback that may wrap it smaller (which would make the app's paint of it the larger, later one). The
 * files are the app's: each is fetched once, for both.
 */
function frameFont(): Plugin {
  return {
    name: 'portal-frame-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const sheet = Object.values(context.bundle).find(
          (file) => file.type === 'asset' && /(^|\/)wght-[^/]+\.css$/.test(file.fileName) && typeof file.source === 'string',
        );
        const source = sheet?.type === 'asset' && typeof sheet.source === 'string' ? sheet.source : undefined;
        const faces = source?.match(/@font-face\s*\{[^}]*\}/g) ?? [];
        if (faces.length === 0) throw new Error("frameFont: no stylesheet of Inter's faces (wght-*.css) in the bundle");
        const renamed = faces.map((face) =>
          face
            .replace(/font-family:\s*(['"]?)Inter Variable\1/, "font-family:'Inter Frame'")
            .replace(/font-display:\s*swap/, 'font-display:block'),
        );
        if (renamed.some((face) => !face.includes("'Inter Frame'") || !face.includes('font-display:block')))
          throw new Error('frameFont: an Inter face without the family or display this expects');
        // The Latin faces (the sentence is in a Latin script; latin-ext holds the macrons of Māori names, for one):
        // boot-paint.js asks for them as it shows Home's frame, before the first paint, so they arrive with the HTML.
        const latin = renamed.flatMap((face) => /url\((\/assets\/inter-latin(?:-ext)?-wght-[^)]+\.woff2)\)/.exec(face)?.[1] ?? []);
        if (latin.length !== 2)
          throw new Error(`frameFont: expected Inter's latin and latin-ext faces, found ${latin.join(', ') || 'none'}`);
        return {
          html,
          tags: [
            { tag: 'style', children: renamed.join(''), injectTo: 'head' as const },
            // Before boot-paint.js, which reads it as the head is parsed.
            { tag: 'meta', attrs: { name: 'portal-frame-fonts', content: latin.join(' ') }, injectTo: 'head-prepend' as const },
          ],
        };
      },
    },
  };
}

/**
 * The signed-in area's start evaluates its shared files one per task, each import waiting for the one before
 * (app/themed.tsx, app/router.tsx loadContract): on a cold cache that would fetch them one after another. index.html
 * lists them (a meta tag, written here from the bundle) and boot-paint.js (inline) preloads them on any address but the
 * sign-in page once the first frame is painted, before the app's code has run, so they download together and are ready
 * as the chain asks.
 */
function listSignedInStart(): Plugin {
  const starts = [
    /\/src\/app\/mui-code\/base\.ts$/,
    /\/src\/app\/mui-code\/styles\.ts$/,
    /\/@mui\/material\/Paper\/Paper\.m?js$/,
    /\/src\/app\/theme-providers\.tsx$/,
    /\/src\/lib\/query-client\.ts$/,
    /\/src\/lib\/zod-code\.ts$/,
    /\/packages\/contract\/src\/invoices\.ts$/,
    /\/packages\/contract\/src\/bookings\.ts$/,
    /\/src\/app\/layouts\/app-layout\.tsx$/,
    /\/src\/app\/route-guard\.ts$/,
  ];
  return {
    name: 'portal-signed-in-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const built = builtFor(html, context.bundle);
        if (!built) return html;
        // What index.html loads already (the entry and its imports) is not listed again.
        const { chunks, already } = built;
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const files = new Set<string>();
        const add = (fileName: string) => {
          const chunk = byName.get(fileName);
          if (!chunk || chunk.isEntry || files.has(fileName) || already.has(fileName)) return;
          files.add(fileName);
          chunk.imports.forEach(add);
        };
        for (const start of starts) {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => start.test(id.split('?')[0] ?? '')));
          if (!chunk) throw new Error(`listSignedInStart: no chunk holds ${start}`);
          add(chunk.fileName);
        }
        return {
          html,
          tags: [
            {
              tag: 'meta',
              attrs: { name: 'portal-signed-in-start', content: [...files].map((file) => `/${file}`).join(' ') },
              injectTo: 'head-prepend' as const,
            },
          ],
        };
      },
    },
  };
}

/**
 * The contract's schemas built on first use in the browser (src/lib/lazy-schema.ts). zod builds a schema as its
 * module loads; a page loaded every schema of every contract module it touched, about a thousand, to parse and
 * check a few (some 100 ms of main thread at a phone's 4× slower CPU). Each top-level `const` of a contract
 * module whose value is a chain of calls starting at `z` (or at such a schema of the same module) is wrapped in
 * `lazySchema(() => …)`; nothing else changes, and the server and the tests use the modules as written.
 */
function lazySchemas(): Plugin {
  const contract = /\/packages\/contract\/src\/(?!.*\.test\.)[^/]+\.ts$/;
  const helper = fileURLToPath(new URL('./src/lib/lazy-schema.ts', import.meta.url));
  /** The identifier a chain of calls and property reads starts at: `z` of `z.object({…}).describe('…')`. */
  const rootOf = (node: AstNode | null | undefined): string | undefined => {
    let current = node;
    while (current && (current.type === 'CallExpression' || current.type === 'MemberExpression')) {
      current = current.type === 'CallExpression' ? current.callee : current.object;
    }
    return current?.type === 'Identifier' ? current.name : undefined;
  };
  return {
    name: 'portal-lazy-schemas',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!contract.test(id.split('?')[0] ?? '')) return null;
      const program = parseAst(code) as unknown as { body: AstNode[] };
      const wrapped = new Set<string>();
      const out = new MagicString(code);
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const declarator of declaration.declarations ?? []) {
          const init = declarator.init;
          if (!init || init.type !== 'CallExpression' || declarator.id?.type !== 'Identifier') continue;
          const root = rootOf(init);
          if (root !== 'z' && !(root && wrapped.has(root))) continue;
          out.appendLeft(init.start, '__lazySchema(() => ');
          out.prependRight(init.end, ')');
          wrapped.add(declarator.id.name ?? '');
        }
      }
      if (wrapped.size === 0) return null;
      out.prepend(`import { lazySchema as __lazySchema } from ${JSON.stringify(helper)};\n`);
      return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) };
    },
  };
}

/** The few ESTree node fields lazySchemas reads. */
interface AstNode {
  type: string;
  start: number;
  end: number;
  name?: string;
  kind?: string;
  callee?: AstNode;
  object?: AstNode;
  init?: AstNode | null;
  id?: AstNode;
  declaration?: AstNode | null;
  declarations?: AstNode[];
}

/** Paths the server answers itself (API, documentation, sign-in provider, development tools, configuration). */
const SERVER_PATHS = /^\/(v1|api|docs|dev|oidc)(\/|$)/;
/**
 * The addresses whose first screen the server draws for a signed-in browser (Home, an invoice: docs/decisions/035).
 * The service worker asks the network for them rather than answering with its copy of index.html, so a return visit
 * gets the drawn page too; it keeps none of them, and answers with its copy when the network fails (offline). Workbox
 * allows a time limit only to a strategy that keeps answers, so a connection that answers nothing waits as a page
 * without a service worker would (the app could do nothing on it either: every page starts with the session's call).
 */
const DRAWN_FIRST_PAGES = /^\/(finance\/invoices\/[^/]+)?$/;

/**
 * The web app manifest as built (manifest.webmanifest, linked from index.html): the international (`en`) names of the
 * brand table. The server answers /manifest.webmanifest with this file's fields and the names of the region the
 * request's origin belongs to (apps/server/src/plugins/static-web.ts), so an installed portal carries its region's name.
 */
function webManifest(): Plugin {
  const file = 'manifest.webmanifest';
  const manifest = () => {
    const common = JSON.parse(readFileSync(new URL('./src/locales/en/common.json', import.meta.url), 'utf8')) as { description?: string };
    const brand = brandFor('en');
    return {
      id: '/',
      name: brand.productName,
      description: common.description,
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#00acef',
      background_color: '#f4f7fa',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    };
  };
  return {
    name: 'portal-web-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: file, source: `${JSON.stringify(manifest(), null, 2)}\n` });
    },
    transformIndexHtml() {
      return [{ tag: 'link', attrs: { rel: 'manifest', href: `/${file}` }, injectTo: 'head' }];
    },
  };
}

/**
 * The service worker (Workbox, generated at build time; docs/decisions/023-service-worker.md). It precaches the
 * app shell (index.html) and the built code, styles, Latin fonts and icons, and answers every navigation with that
 * shell, so the portal starts from the cache and, offline, shows its offline screen (main.tsx); but Home and an
 * invoice, which the server draws for a signed-in browser, come from the network while it answers (DRAWN_FIRST_PAGES). API answers are
 * never cached: the app's requests to /api and /v1 are network only, and a navigation to a path the server answers
 * itself (a sign-in provider's redirect, a download) is left to the browser. The runtime configuration (public, the
 * same for every visitor of an origin) is network first, so the offline screen carries the region's names. A new
 * version waits until the user reloads from the prompt or the portal's last tab is closed;
 * app/service-worker/register-later.ts registers the worker after the page has loaded. It also shows browser
 * notifications (Web Push) and opens the portal when one is clicked: public/push-handler.js, which it imports.
 */
function serviceWorker() {
  return VitePWA({
    strategies: 'generateSW',
    registerType: 'prompt',
    injectRegister: false,
    filename: 'sw.js',
    // The manifest is webManifest()'s, never precached: it names the region of the origin it is asked from.
    manifest: false,
    includeAssets: ['favicon.svg', 'icons/*.png'],
    workbox: {
      globPatterns: ['index.html', 'assets/*.{js,css}', 'assets/inter-latin-*.woff2'],
      // The map's country shapes (750 kB) load only with the map and stay in the HTTP cache, as do the other alphabets' fonts.
      globIgnores: ['**/*.map', 'assets/countries-*'],
      navigateFallback: 'index.html',
      // Not `/` as `/index.html` from the precache: Home is one of DRAWN_FIRST_PAGES, asked of the network.
      directoryIndex: null,
      navigateFallbackDenylist: [SERVER_PATHS, DRAWN_FIRST_PAGES, /^\/config\.runtime\.json$/, /^\/(sw\.js|manifest\.webmanifest)$/],
      inlineWorkboxRuntime: true,
      // Browser notifications: the `push` and `notificationclick` handlers (public/push-handler.js).
      importScripts: ['/push-handler.js'],
      cleanupOutdatedCaches: true,
      clientsClaim: false,
      skipWaiting: false,
      sourcemap: false,
      runtimeCaching: [
        {
          // The pages the server draws for the signed-in browser (DRAWN_FIRST_PAGES; the function is written into sw.js
          // on its own, so it spells the pattern again): from the network, never kept; the shell when that fails or
          // answers with a server error.
          urlPattern: ({ request, url }) => request.mode === 'navigate' && /^\/(finance\/invoices\/[^/]+)?$/.test(url.pathname),
          handler: 'NetworkOnly',
          options: { plugins: [serverErrorAsFailure], precacheFallback: { fallbackURL: 'index.html' } },
        },
        {
          urlPattern: ({ request, url }) => request.mode !== 'navigate' && /^\/(v1|api)(\/|$)/.test(url.pathname),
          handler: 'NetworkOnly',
        },
        {
          urlPattern: ({ url }) => url.pathname === '/config.runtime.json',
          handler: 'NetworkFirst',
          options: { cacheName: 'portal-runtime-config', expiration: { maxEntries: 1 } },
        },
      ],
    },
  });
}

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad` on a file's first line, Chromium 136 and later): the
 * functions of a file so marked are compiled as the file streams in, on a background thread, instead of one by one on
 * the main thread the first time each is called. A cold start spent some 10–16% of its main-thread time compiling
 * functions lazily, inside the long tasks of evaluating modules and rendering (docs/decisions/025-the-cold-start-on-a-phone.md).
 * Every chunk is marked but the few large ones of which a page calls little (the map, its shapes, the calendar panel).
 * Other browsers read the line as a comment. Written after Vite's own additions at the top of a chunk, with the
 * source map moved down a line.
 */
function eagerCompileHints(): Plugin {
  const skip = /^assets\/(locations-map|countries|date-calendar-panel)-/;
  const hint = '//# allFunctionsCalledOnLoad\n';
  return rewriteChunks('portal-eager-compile-hints', (output, bundle) => {
    if (skip.test(output.fileName) || output.code.startsWith(hint)) return;
    output.code = hint + output.code;
    // The map may already be an asset of its own (`<file>.map`); either way it gains an empty first line.
    if (output.map) output.map.mappings = `;${output.map.mappings}`;
    const map = bundle[`${output.fileName}.map`];
    if (map?.type === 'asset' && typeof map.source === 'string') {
      const parsed = JSON.parse(map.source) as { mappings: string };
      parsed.mappings = `;${parsed.mappings}`;
      map.source = JSON.stringify(parsed);
    }
  });
}

/**
 * A chunk made only of data (the locale texts) or of re-exports has a source map with no sources: nothing to map, and
 * tools that read maps (Lighthouse's script treemap) fail on it. Such a chunk is written without one.
 */
function noEmptySourceMaps(): Plugin {
  return rewriteChunks('portal-no-empty-source-maps', (output, bundle) => {
    const asset = bundle[`${output.fileName}.map`];
    const sources =
      output.map?.sources ??
      (asset?.type === 'asset' && typeof asset.source === 'string'
        ? (JSON.parse(asset.source) as { sources?: string[] }).sources
        : undefined);
    if (sources === undefined || sources.length > 0) return;
    delete bundle[`${output.fileName}.map`];
    output.map = null;
    output.code = output.code.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '\n');
  });
}

/** A build's plugin that changes each finished chunk (and its map), after every other plugin has. */
function rewriteChunks(name: string, rewrite: (output: Rolldown.OutputChunk, bundle: Rolldown.OutputBundle) => void): Plugin {
  return {
    name,
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) if (output.type === 'chunk') rewrite(output, bundle);
      },
    },
  };
}

export default defineConfig(() => ({
  plugins: [
    react(),
    htmlTexts(),
    inlineBootPaint(),
    bootFrame(),
    firstPageServerTexts(),
    frameFont(),
    preloadSignInPage(),
    listSignedInStart(),
    lazySchemas(),
    webManifest(),
    serviceWorker(),
    eagerCompileHints(),
    noEmptySourceMaps(),
  ],
  server: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true, proxy: apiProxy },
  preview: { port: Number(process.env.WEB_PORT ?? 4173), proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The entry holds everything the first page needs (about 560 kB raw, 180 kB gzip; bench:web watches it).
    chunkSizeWarningLimit: 600,
    // Every browser the portal supports has modulepreload; the polyfill only cost bytes on the first page.
    // A lazily loaded chunk's JavaScript dependencies are not preloaded by Vite's helper: it appended a modulepreload
    // link per file as the route starts loading, some 20 links in the task that creates the router (about 90 ms of
    // main thread at a phone's 4× slower CPU), while the browser fetches a chunk's imports in parallel as
    // soon as it has the chunk (the shared chunks are mostly loaded or cached by then). Its CSS still loads with it.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')) },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically is needed before the first paint anyway: one file instead of
            // some thirty small shared chunks (fewer requests, and gzip compresses one file better than many).
            { name: 'app', tags: ['$initial'] },
            // The sign-in page and the few shared pieces it is made of, in one file rather than five: every file of
            // the first page costs a request and its own import lines, and gzip does better on one (about 0.3 kB).
            // The other pages with these fields (password reset, settings) load the same file.
            {
              name: 'sign-in',
              test: /\/src\/(features\/auth\/(login-page|components\/login-form|api\/sign-in)|components\/(text-input|password-toggle|error-alert|icons))\.(tsx?|css)$/,
            },
            // The signed-in pages loaded some ninety files each, mostly small pieces of MUI: every file costs a
            // request and a modulepreload link that Vite's preload helper appends at run time (about 3–5 ms of main
            // thread each at 4× CPU throttling, inside the render that starts the route). So the MUI pieces and the
            // app's own shared code (components, lib, api) that at least two lazily loaded chunks use are one file
            // each, as are all icons (7 kB gzip) and the deferred texts: about twenty files per signed-in page
            // instead of fifty, for about the same bytes (measured: Lighthouse mobile 78–82 → 81–84
            // in two interleaved rounds; a page loads some code it does not use, which gzip mostly absorbs).
            //
            // MUI is three files, which the signed-in start evaluates one per task, in order (app/themed.tsx): its base
            // (system, emotion), its styles (which build MUI's default theme as they load) and its components. One
            // file was one task of some 190 ms at a phone's 4× CPU.
            {
              name: 'mui-base',
              test: /\/node_modules\/(@mui\/(system|utils|styled-engine|private-theming)|@emotion|stylis|clsx|react-is|prop-types|hoist-non-react-statics|@babel\/runtime)\//,
              minShareCount: 2,
            },
            {
              name: 'mui-styles',
              test: /\/node_modules\/@mui\/material\/(styles|colors|utils|DefaultPropsProvider|zero-styled|internal)\//,
              minShareCount: 2,
            },
            {
              name: 'ui',
              test: /\/node_modules\/(@mui\/material|@popperjs|react-transition-group|notistack|goober)\//,
              minShareCount: 2,
            },
            // TanStack Query apart from MUI: the query client loads beside the theme (lib/page-load.ts), and in MUI's
            // file it evaluated all of MUI there, in one task.
            { name: 'query', test: /\/node_modules\/@tanstack\//, minShareCount: 2 },
            // zod and the contract's schemas (zod builds each as its module loads), apart from the app's shared code
            // and in three files, evaluated one per task before a page's code (app/router.tsx, loadContract).
            { name: 'zod', test: /\/node_modules\/zod\//, minShareCount: 2 },
            { name: 'contract-bookings', test: /\/packages\/contract\/src\/booking[^/]*\.ts$/, minShareCount: 2 },
            { name: 'contract', test: /\/packages\/contract\/src\//, minShareCount: 2 },
            { name: 'shared', test: /\/apps\/web\/src\/(components|lib|api|app\/components)\//, minShareCount: 2 },
            { name: 'icons', test: /\/node_modules\/@mui\/icons-material\// },
            // Every signed-in page loads all of these before it renders (lib/i18n.ts, loadDeferredTexts).
            { name: 'texts', test: /\/src\/locales\/en\/[^/]+\.json$/ },
          ],
        },
      },
    },
  },
}));
