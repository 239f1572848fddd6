import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
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
    // (Leaflet's keyboard markers; Enter opens the popup).
    const markers = points.map((point) => {
      const marker = L.marker([point.latitude, point.longitude], {
        icon: L.divIcon({ className: 'portal-map-marker', iconSize: [20, 20], html: '' }),
        keyboard: true,
        title: point.label,
        alt: point.label,
      });
      // The icon element exists once the marker is on a map with a view (Leaflet adds layers when it is ready).
      marker.on('add', () => {
        const element = marker.getElement();
        element?.setAttribute('role', 'button');
        element?.setAttribute('aria-label', point.detail ? `${point.label}, ${point.detail}` : point.label);
        element?.removeAttribute('title');
      });
      return marker
        .bindTooltip(point.label)
        .bindPopup(point.detail ? `<strong>${escapeHtml(point.label)}</strong><br>${escapeHtml(point.detail)}` : escapeHtml(point.label))
        .addTo(map);
    });
    if (markers.length > 0) map.fitBounds(L.featureGroup(markers).getBounds().pad(0.3), { maxZoom: 12 });
    else map.setView([0, 0], 1);
    return () => {
      removed = true;
      map.remove();
    };
  }, [points, tilesUrl, colours]);
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
        '& .portal-map-marker:focus-visible': { outline: '3px solid #04202e', outlineOffset: 2 },
      }}
    />
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
