import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import L from 'leaflet';
import { useEffect, useRef } from 'react';

export interface MapPoint {
  id: number;
  label: string;
  latitude: number;
  longitude: number;
  detail?: string;
}

/**
 * A Leaflet map of locations. Loaded lazily (its module holds Leaflet and its CSS), so no page downloads it
 * before it shows a map. Tiles come from the runtime configuration; without them the markers still show on a
 * plain background, placed by their coordinates.
 */
export function LocationsMap({ points, tilesUrl, label, height = 380 }: { points: MapPoint[]; tilesUrl: string | null; label: string; height?: number }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, { attributionControl: Boolean(tilesUrl), zoomControl: true, keyboard: true });
    if (tilesUrl) L.tileLayer(tilesUrl, { maxZoom: 18 }).addTo(map);
    const markers = points.map((point) =>
      L.circleMarker([point.latitude, point.longitude], { radius: 9, color: '#04202e', weight: 2, fillColor: '#00acef', fillOpacity: 0.9 })
        .bindTooltip(point.label)
        .bindPopup(point.detail ? `<strong>${escapeHtml(point.label)}</strong><br>${escapeHtml(point.detail)}` : escapeHtml(point.label))
        .addTo(map),
    );
    if (markers.length > 0) map.fitBounds(L.featureGroup(markers).getBounds().pad(0.3), { maxZoom: 12 });
    else map.setView([0, 0], 1);
    return () => {
      map.remove();
    };
  }, [points, tilesUrl]);
  return (
    <Box
      ref={container}
      role="region"
      aria-label={label}
      sx={{ height, borderRadius: 3, overflow: 'hidden', bgcolor: 'action.hover', zIndex: 0, position: 'relative', '& .leaflet-container': { background: 'transparent' } }}
    />
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
