import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BASEMAP_COLOURS, loadBasemap, type Basemap, type BasemapColours } from './basemap';

export interface MapPoint {
  id: number;
  label: string;
  latitude: number;
  longitude: number;
  detail?: string;
}

/** The basemap's pane: under the tiles (200) and the markers, so configured tiles cover it where they load. */
const BASEMAP_PANE = 'basemap';

/** Draws the bundled basemap (land, coastline, country borders) into its pane; not interactive, not in the tab order. */
export function addBasemap(map: L.Map, basemap: Basemap, colours: BasemapColours): L.Layer[] {
  const renderer = L.svg({ pane: BASEMAP_PANE, padding: 0.5 });
  const land = L.geoJSON(basemap.land, {
    pane: BASEMAP_PANE,
    interactive: false,
    style: { renderer, stroke: true, color: colours.coast, weight: 1, fillColor: colours.land, fillOpacity: 1 },
  });
  const borders = L.geoJSON(basemap.borders, {
    pane: BASEMAP_PANE,
    interactive: false,
    style: { renderer, color: colours.border, weight: 0.8, dashArray: '3 3', fill: false },
  });
  return [land.addTo(map), borders.addTo(map)];
}

/**
 * A Leaflet map of locations. Loaded lazily (its module holds Leaflet and its CSS), so no page downloads it
 * before it shows a map. A bundled basemap (Natural Earth outlines, `basemap.ts`) is drawn under the markers, so
 * the map reads as a map without any tile service; tiles from the runtime configuration go on top of it when set.
 */
export function LocationsMap({
  points,
  tilesUrl,
  label,
  height = 380,
}: {
  points: MapPoint[];
  tilesUrl: string | null;
  label: string;
  height?: number;
}) {
  const container = useRef<HTMLDivElement>(null);
  const colours = BASEMAP_COLOURS[useTheme().palette.mode];
  const { t } = useTranslation('common');
  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, { attributionControl: Boolean(tilesUrl), zoomControl: true, keyboard: true });
    map.createPane(BASEMAP_PANE).style.zIndex = '150';
    let removed = false;
    loadBasemap().then(
      (basemap) => {
        if (!removed) addBasemap(map, basemap, colours);
      },
      // Without the basemap the markers still show on the plain background, placed by their coordinates.
      () => {},
    );
    if (tilesUrl) L.tileLayer(tilesUrl, { maxZoom: 18 }).addTo(map);
    // HTML markers rather than SVG circles: each is a button in the tab order with the location as its name
    // (Leaflet's keyboard markers; Enter opens the popup). Markers that would touch at this zoom are drawn as one
    // group marker (Enter zooms in on them), so every target keeps 24 px and room around it (WCAG 2.5.8).
    const layer = L.layerGroup().addTo(map);
    const groupLabel = (count: number, names: string) => t('map.group', { count, names });
    const draw = () => {
      layer.clearLayers();
      const groups = clusterPoints(points, (point) => map.latLngToLayerPoint([point.latitude, point.longitude]), MARKER_SPACING);
      for (const group of groups) layer.addLayer(group.length === 1 ? pointMarker(group[0]!) : groupMarker(map, group, groupLabel));
    };
    if (points.length > 0) map.fitBounds(L.latLngBounds(points.map((p) => [p.latitude, p.longitude])).pad(0.3), { maxZoom: 12 });
    else map.setView([0, 0], 1);
    draw();
    map.on('zoomend', draw);
    return () => {
      removed = true;
      map.remove();
    };
  }, [points, tilesUrl, colours, t]);
  return (
    <Box
      ref={container}
      role="region"
      aria-label={label}
      sx={{
        height,
        borderRadius: 3,
        overflow: 'hidden',
        zIndex: 0,
        position: 'relative',
        // The box is itself the Leaflet container: its background (the sea) beats Leaflet's grey.
        '&.leaflet-container, & .leaflet-container': { background: colours.water },
        '& .portal-map-marker': {
          borderRadius: '50%',
          bgcolor: '#00acef',
          border: '2px solid #04202e',
          boxSizing: 'border-box',
          cursor: 'pointer',
        },
        '& .portal-map-marker--group': {
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: '#04202e',
          fontWeight: 700,
          fontSize: '0.8125rem',
          lineHeight: 1,
        },
        '& .portal-map-marker:focus-visible': { outline: '3px solid #04202e', outlineOffset: 2 },
      }}
    />
  );
}

/** A marker's size, and the least distance between two markers' centres (a group marker is 28 px). */
const MARKER_SIZE = 24;
const GROUP_SIZE = 28;
const MARKER_SPACING = 32;

/**
 * Points grouped so that no two groups' markers come closer than `spacing` px: each point joins the first group
 * whose first point is within `spacing` of it, else starts a group. A group's marker sits at its first point, so
 * the markers drawn are at least `spacing` apart.
 */
export function clusterPoints<T>(points: readonly T[], position: (point: T) => { x: number; y: number }, spacing: number): T[][] {
  const groups: Array<{ at: { x: number; y: number }; members: T[] }> = [];
  for (const point of points) {
    const at = position(point);
    const near = groups.find((group) => Math.hypot(group.at.x - at.x, group.at.y - at.y) < spacing);
    if (near) near.members.push(point);
    else groups.push({ at, members: [point] });
  }
  return groups.map((group) => group.members);
}

function markerElement(marker: L.Marker, name: string): void {
  // The icon element exists once the marker is on a map with a view (Leaflet adds layers when it is ready).
  marker.on('add', () => {
    const element = marker.getElement();
    element?.setAttribute('role', 'button');
    element?.setAttribute('aria-label', name);
    element?.removeAttribute('title');
  });
}

function pointMarker(point: MapPoint): L.Marker {
  const marker = L.marker([point.latitude, point.longitude], {
    icon: L.divIcon({ className: 'portal-map-marker', iconSize: [MARKER_SIZE, MARKER_SIZE], html: '' }),
    keyboard: true,
    title: point.label,
    alt: point.label,
  });
  markerElement(marker, point.detail ? `${point.label}, ${point.detail}` : point.label);
  return marker
    .bindTooltip(point.label)
    .bindPopup(point.detail ? `<strong>${escapeHtml(point.label)}</strong><br>${escapeHtml(point.detail)}` : escapeHtml(point.label));
}

/** Several locations too close to tell apart at this zoom: their count; a click zooms in until they part. */
function groupMarker(map: L.Map, group: MapPoint[], groupLabel: (count: number, names: string) => string): L.Marker {
  const names = group.map((point) => point.label).join('; ');
  const first = group[0]!;
  const marker = L.marker([first.latitude, first.longitude], {
    icon: L.divIcon({
      className: 'portal-map-marker portal-map-marker--group',
      iconSize: [GROUP_SIZE, GROUP_SIZE],
      html: String(group.length),
    }),
    keyboard: true,
    title: names,
    alt: names,
  });
  markerElement(marker, groupLabel(group.length, names));
  const bounds = L.latLngBounds(group.map((point) => [point.latitude, point.longitude]));
  marker.bindTooltip(names);
  marker.on('click', () => {
    const zoom = map.getBoundsZoom(bounds.pad(0.5));
    // Locations at one spot never part: their names in a popup instead.
    if (zoom <= map.getZoom() || !bounds.isValid() || bounds.getNorthEast().equals(bounds.getSouthWest())) {
      marker.bindPopup(group.map((point) => escapeHtml(point.label)).join('<br>')).openPopup();
    } else map.fitBounds(bounds.pad(0.5));
  });
  return marker;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
