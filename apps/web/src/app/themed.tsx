import { useEffect, useState, type ReactNode } from 'react';
import { PageTimeoutView } from '../components/page-timeout-view';
import { ChunkLoadError } from '../lib/page-load';
import { yieldToMain } from '../lib/yield-to-main';
import type * as ThemeProvidersModule from './theme-providers';

type ThemeModule = typeof ThemeProvidersModule;

let loaded: ThemeModule | undefined;
let loading: Promise<ThemeModule> | undefined;

/**
 * MUI's theme (theme-providers.tsx and MUI itself) is not part of the first page: the sign-in page draws without
 * it. Every other page loads it with its own code (router.tsx), the error pages when they show.
 */
export function loadTheme(): Promise<ThemeModule> {
  // MUI's three files (vite.config.ts: its base, its styles with MUI's default theme, its components) evaluate one
  // per task, then the app's theme, built as its module loads: one task did it all, some 190 ms at a phone's 4× CPU
  //. Each import finds the files before it already evaluated.
  loading ??= import('./mui-code/base')
    .then(yieldToMain)
    .then(() => import('./mui-code/styles'))
    .then(yieldToMain)
    .then(() => import('@mui/material/Paper'))
    .then(yieldToMain)
    .then(() => import('./theme-providers'))
    .then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw new ChunkLoadError(error);
      },
    );
  return loading;
}

/**
 * Its children inside MUI's theme. Routes load the theme before they render, so this normally draws at once; else
 * (an error page) nothing until it has arrived, and `fallback` when it cannot: the timeout view (which needs no MUI)
 * unless told otherwise.
 */
export function Themed({ children, fallback = <PageTimeoutView /> }: { children: ReactNode; fallback?: ReactNode }) {
  const [, setArrived] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (loaded) return;
    let cancelled = false;
    loadTheme().then(
      () => !cancelled && setArrived(true),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, []);
  if (failed) return fallback;
  if (!loaded) return null;
  const { ThemeProviders } = loaded;
  return <ThemeProviders>{children}</ThemeProviders>;
}
