import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from './profile';
import { spansTimeZones, zoneAbbreviation } from './zone-label';

/**
 * The zone's short name to put beside a school's local times ('AWST'), for a contact whose schools lie in more than
 * one time zone; undefined for everyone else (one zone needs no saying).
 */
export function useZoneLabel(): (timeZone: string | undefined, at: string) => string | undefined {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const spans = spansTimeZones(useProfile().data?.links);
  return useCallback(
    (timeZone, at) => (spans && timeZone ? zoneAbbreviation(timeZone, at, locale) || undefined : undefined),
    [spans, locale],
  );
}

/** A local time or range with its zone's short name when there is one: '08:30–15:30 AWST'. */
export function withZone(text: string, zone: string | undefined): string {
  return zone ? `${text} ${zone}` : text;
}
