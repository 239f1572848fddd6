import { parseServiceStatusText, ServiceStatusResponse } from '@portal/contract/service-status';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../lib/api-client';
import { getRuntimeConfig } from '../../../lib/runtime-config';

/** Spec §4 and §9: the service status is cached for an hour. */
export const SERVICE_STATUS_STALE_TIME_MS = 60 * 60_000;

export interface ServiceStatus {
  bannerTitle: string;
  severity: string;
  region: string | null;
  /** First reading: an HTML body (sanitised again before rendering). */
  html?: string;
  /** Second reading: a markdown body (rendered without raw HTML). */
  markdown?: string;
}

/**
 * GET the configured status URL (default /v1/service-status): 204 means none; JSON is the first reading; text is
 * the second (`key:value|…` then markdown). Anything without a body counts as no status (spec §3).
 */
export async function getServiceStatus(signal?: AbortSignal): Promise<ServiceStatus | null> {
  const url = getRuntimeConfig().serviceStatusUrl ?? apiUrl('service-status');
  const response = await fetch(url, { headers: { Accept: 'application/json, text/plain' }, ...(signal ? { signal } : {}) });
  if (response.status === 204 || !response.ok) return null;
  const text = await response.text();
  if (!text.trim()) return null;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    const parsed = ServiceStatusResponse.safeParse(JSON.parse(text));
    if (!parsed.success || !parsed.data.html.trim()) return null;
    return parsed.data;
  }
  const reading = parseServiceStatusText(text);
  if (!reading || !reading.bodyMarkdown.trim()) return null;
  return { bannerTitle: reading.bannerTitle, severity: reading.severity, region: reading.region, markdown: reading.bodyMarkdown };
}

export function serviceStatusQueryOptions() {
  return queryOptions({
    queryKey: ['service-status'],
    queryFn: ({ signal }) => getServiceStatus(signal),
    staleTime: SERVICE_STATUS_STALE_TIME_MS,
    gcTime: SERVICE_STATUS_STALE_TIME_MS,
    retry: false,
  });
}

export function useServiceStatus() {
  return useQuery(serviceStatusQueryOptions());
}
