import type { Feature, FeatureCollection, MultiLineString } from 'geojson';
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
  land: FeatureCollection | Feature;
  /** Borders between countries (shared arcs only, so coastlines are not drawn twice). */
  borders: MultiLineString;
}

type Countries = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

/** The basemap's GeoJSON from world-atlas's TopoJSON. */
export function basemapFromTopology(topology: Countries): Basemap {
  return {
    land: feature(topology, topology.objects.land),
    borders: mesh(topology, topology.objects.countries, (a, b) => a !== b),
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
