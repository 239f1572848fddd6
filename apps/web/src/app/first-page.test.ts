import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

/*
 * the sign-in page, the usual first page, loads no MUI and no emotion (about 40 kB gzip). These checks say
 * why when that breaks, before the byte budget (e2e first-page-weight) does; they read the sources, not a build.
 */
const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The modules a file imports statically (`import … from`, `export … from`, side-effect imports), not `import()`. */
function staticImports(file: string): string[] {
  // Comments out first: an apostrophe in one would end the pattern's run early and hide the import around it.
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const found: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) found.push(match[1]!);
  return found;
}

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ext) => base + ext)
    .find((candidate) => existsSync(candidate) && !candidate.endsWith('/'));
}

/** Every package a first-page module reaches by static imports, with the chain that brought it. */
function packagesReached(entries: string[]): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue = entries.map((file) => [join(src, file)]);
  while (queue.length > 0) {
    const chain = queue.shift()!;
    const file = chain.at(-1)!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) {
        const next = resolveLocal(file, specifier);
        if (next && /\.tsx?$/.test(next)) queue.push([...chain, next]);
      } else if (!packages.has(specifier)) {
        packages.set(
          specifier,
          chain.map((each) => each.slice(src.length + 1)),
        );
      }
    }
  }
  return packages;
}

describe('the first page', () => {
  it('the entry, the sign-in page and the navigation bar import no MUI and no emotion (the parts drawn with MUI load it lazily)', () => {
    // The navigation bar is lazy but drawn by the root layout, outside every MUI theme.
    const reached = packagesReached(['main.tsx', 'app/app.tsx', 'features/auth/login-page.tsx', 'app/layouts/navigation-progress.tsx']);
    const heavy = [...reached]
      .filter(([name]) => /^@(mui|emotion)\//.test(name))
      .map(([name, chain]) => `${name} via ${chain.join(' → ')}`);
    expect(heavy).toEqual([]);
    // The walk sees packages at all (a broken pattern would pass the check above vacuously).
    expect(reached.has('react-router')).toBe(true);
    expect(reached.has('react-i18next')).toBe(true);
  });

  it("the CSS palette of the MUI-free parts (styles/base.css) is the theme's, light and dark", () => {
    const css = readFileSync(join(src, 'styles/base.css'), 'utf8');
    const block = (selector: string) => {
      const start = css.indexOf(`${selector} {`);
      const body = css.slice(start, css.indexOf('}', start));
      return Object.fromEntries([...body.matchAll(/--portal-([a-z-]+):\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]));
    };
    const light = block(':root');
    const dark = { ...light, ...block('html.dark') };
    const schemes = (theme as unknown as { colorSchemes: unknown }).colorSchemes as Record<
      'light' | 'dark',
      { palette: typeof theme.palette }
    >;
    for (const [vars, { palette }] of [
      [light, schemes.light],
      [dark, schemes.dark],
    ] as const) {
      expect({
        bg: vars.bg,
        paper: vars.paper,
        text: vars.text,
        textSecondary: vars['text-secondary'],
        textDisabled: vars['text-disabled'],
        divider: vars.divider,
        primary: vars.primary,
        primaryDark: vars['primary-dark'],
        primaryInk: vars['primary-ink'],
        error: vars.error,
        errorLight: vars['error-light'],
        action: vars.action,
        actionDisabled: vars['action-disabled'],
        actionDisabledBg: vars['action-disabled-bg'],
      }).toEqual({
        bg: palette.background.default,
        paper: palette.background.paper,
        text: palette.text.primary,
        textSecondary: palette.text.secondary,
        textDisabled: palette.text.disabled,
        divider: palette.divider,
        primary: palette.primary.main,
        primaryDark: palette.primary.dark,
        primaryInk: palette.primary.contrastText,
        error: palette.error.main,
        errorLight: palette.error.light,
        action: palette.action.active,
        actionDisabled: palette.action.disabled,
        actionDisabledBg: palette.action.disabledBackground,
      });
    }
  });
});
