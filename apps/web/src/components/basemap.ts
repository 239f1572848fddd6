import type { FeatureCollection, Geometry, MultiLineString, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Natural Earth 1:50m countries (world-atlas): a hashed asset fetched with the map, never part of the first page.
import countriesUrl from 'world-atlas/countries-50m.json?url';

/**
 * The maps' bundled basemap: land and country borders from Natural Earth (public domain), drawn under the markers
 * so a map is a map even when no tile service is configured or reachable (spec: the demo has no tiles). It loads
 * only with the map's own lazy chunk, once per page.
 */
export interface Basemap {
  land: FeatureCollection;
  /** Borders between countries (shared arcs only, so coastlines are not drawn twice). */
  borders: MultiLineString;
}

type Countries = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

/**
 * A line or ring that crosses the antimeridian jumps from 180° to -180° (Fiji, Russia, Kiribati); a flat map
 * would draw that jump as a line across the whole world. Each point is moved by whole turns instead, so the line
 * goes on past 180° (Leaflet draws longitudes beyond ±180 where they belong).
 */
export function unwrapLongitudes(line: Position[]): Position[] {
  let shift = 0;
  let previous: number | undefined;
  return line.map(([longitude = 0, latitude = 0]) => {
    if (previous !== undefined) {
      if (longitude + shift - previous > 180) shift -= 360;
      else if (longitude + shift - previous < -180) shift += 360;
    }
    previous = longitude + shift;
    return [previous, latitude];
  });
}

function unwrapGeometry<G extends Geometry>(geometry: G): G {
  switch (geometry.type) {
    case 'LineString':
      return { ...geometry, coordinates: unwrapLongitudes(geometry.coordinates) };
    case 'MultiLineString':
    case 'Polygon':
      return { ...geometry, coordinates: geometry.coordinates.map(unwrapLongitudes) };
    case 'MultiPolygon':
      return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapLongitudes)) };
    case 'GeometryCollection':
      return { ...geometry, geometries: geometry.geometries.map(unwrapGeometry) };
    default:
      return geometry;
  }
}

/** The basemap's GeoJSON from world-atlas's TopoJSON. */
export function basemapFromTopology(topology: Countries): Basemap {
  const land = feature(topology, topology.objects.land);
  return {
    land: { ...land, features: land.features.map((item) => ({ ...item, geometry: unwrapGeometry(item.geometry) })) },
    borders: unwrapGeometry(mesh(topology, topology.objects.countries, (a, b) => a !== b)),
  };
}

let loading: Promise<Basemap> | undefined;

/** The basemap, fetched once; a failure is forgotten so a later map may try again. */
export function loadBasemap(): Promise<Basemap> {
  loading ??= fetch(countriesUrl)
    .then(async (response) => {
      if (!response.ok) throw new Error(`basemap: HTTP ${response.status}`);
      return basemapFromTopology((await response.json()) as Countries);
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** Colours of the basemap (water is the map's background). */
export interface BasemapColours {
  water: string;
  land: string;
  border: string;
  coast: string;
}

export const BASEMAP_COLOURS: Record<'light' | 'dark', BasemapColours> = {
  light: { water: '#d6e6ef', land: '#f7f5f0', border: '#b3ab9c', coast: '#8fa9ba' },
  dark: { water: '#0b1a23', land: '#22303a', border: '#4c5c66', coast: '#3f6276' },
};
