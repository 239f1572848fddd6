import { render, screen, waitFor } from '@testing-library/react';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Basemap from './basemap';

const { basemapFromTopology } = Basemap;

// Leaflet picks its vector renderer when it loads; jsdom lacks the SVG method it probes for.
vi.hoisted(() => {
  const proto = globalThis.SVGSVGElement.prototype as unknown as Record<string, unknown>;
  if (!proto.createSVGRect) proto.createSVGRect = () => ({});
});

const topology = countries110m as unknown as Topology<{ countries: GeometryCollection; land: GeometryCollection }>;
vi.mock('./basemap', async (original) => {
  const actual = await original<typeof Basemap>();
  return { ...actual, loadBasemap: () => Promise.resolve(actual.basemapFromTopology(topology)) };
});

const { clusterPoints, LocationsMap } = await import('./locations-map');

const points = [
  { id: 1, label: 'Harbour Public School', latitude: -33.86, longitude: 151.21, detail: '3 bookings' },
  { id: 2, label: 'Parramatta High', latitude: -33.81, longitude: 151.0 },
];

describe('LocationsMap', () => {
  afterEach(() => vi.restoreAllMocks());

  it('converts world-atlas TopoJSON into land and borders', () => {
    const basemap = basemapFromTopology(topology);
    expect(basemap.land.type).toBe('FeatureCollection');
    expect(basemap.borders.type).toBe('MultiLineString');
    expect(basemap.borders.coordinates.length).toBeGreaterThan(100);
  });

  it('keeps lines that cross the antimeridian from jumping across the world', () => {
    expect(
      Basemap.unwrapLongitudes([
        [179, -16],
        [-179.5, -16.5],
        [-178, -17],
        [179.5, -17],
      ]),
    ).toEqual([
      [179, -16],
      [180.5, -16.5],
      [182, -17],
      [179.5, -17],
    ]);
    expect(
      Basemap.unwrapLongitudes([
        [-179, 60],
        [179, 61],
      ]),
    ).toEqual([
      [-179, 60],
      [-181, 61],
    ]);
    const { land } = basemapFromTopology(topology);
    const rings = land.features.flatMap((item) =>
      item.geometry.type === 'MultiPolygon'
        ? item.geometry.coordinates.flat()
        : item.geometry.type === 'Polygon'
          ? item.geometry.coordinates
          : [],
    );
    for (const ring of rings) for (let i = 1; i < ring.length; i++) expect(Math.abs(ring[i]![0]! - ring[i - 1]![0]!)).toBeLessThan(180);
  });

  it('draws the bundled basemap under the markers when no tile service is configured', async () => {
    // jsdom lays nothing out: a map of 600 × 300 px, so its two places are far apart at the zoom that fits them.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300);
    const { container } = render(<LocationsMap points={points} tilesUrl={null} label="Locations" height={300} />);
    expect(screen.getByRole('region', { name: 'Locations' })).toBeInTheDocument();
    await waitFor(() => expect(container.querySelectorAll('.leaflet-basemap-pane path').length).toBeGreaterThanOrEqual(2));
    // The basemap takes no clicks or focus (only markers are interactive).
    expect(container.querySelectorAll('.leaflet-basemap-pane .leaflet-interactive')).toHaveLength(0);
    // No tiles were asked for, and every location is a named button above the basemap.
    expect(container.querySelector('.leaflet-tile-pane img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Harbour Public School, 3 bookings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Parramatta High' })).toBeInTheDocument();
    const pane = container.querySelector<HTMLElement>('.leaflet-basemap-pane');
    expect(Number(pane?.style.zIndex)).toBeLessThan(200);
  });

  it('groups markers that would touch, so every target keeps its size and room (WCAG 2.5.8)', () => {
    const at = (x: number, y: number) => ({ x, y });
    const position = (point: { x: number; y: number }) => point;
    // Three within 32 px of the first, one far away.
    const a = at(0, 0);
    const b = at(10, 10);
    const c = at(0, 31);
    const d = at(200, 0);
    const e = at(20, 40);
    expect(clusterPoints([a, b, c, d, e], position, 32)).toEqual([[a, b, c], [d], [e]]);
    // The markers drawn (each group's first point) are never closer than the spacing.
    const groups = clusterPoints([a, b, c, d, e], position, 32);
    const firsts = groups.map((group) => group[0]!);
    for (const [i, p] of firsts.entries())
      for (const q of firsts.slice(i + 1)) expect(Math.hypot(p.x - q.x, p.y - q.y)).toBeGreaterThanOrEqual(32);
    expect(clusterPoints([], position, 32)).toEqual([]);
  });

  it('draws locations at one spot as one group marker naming them', async () => {
    const same = [
      { id: 1, label: 'Junior Campus', latitude: -33.7, longitude: 151.1 },
      { id: 2, label: 'Senior Campus', latitude: -33.7, longitude: 151.1 },
    ];
    render(<LocationsMap points={same} tilesUrl={null} label="Locations" height={300} />);
    expect(await screen.findByRole('button', { name: '2 locations: Junior Campus; Senior Campus. Zoom in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Junior Campus' })).toBeNull();
  });

  it('puts configured tiles on top of the basemap', async () => {
    const { container } = render(<LocationsMap points={points} tilesUrl="https://tiles.example/{z}/{x}/{y}.png" label="Locations" />);
    await waitFor(() => expect(container.querySelectorAll('.leaflet-basemap-pane path').length).toBeGreaterThanOrEqual(2));
    expect(container.querySelector('.leaflet-tile-pane .leaflet-layer')).not.toBeNull();
    const basemapZ = Number(container.querySelector<HTMLElement>('.leaflet-basemap-pane')?.style.zIndex);
    // Leaflet's tile pane sits at z-index 200 (its stylesheet); the basemap pane below it.
    expect(basemapZ).toBeLessThan(200);
  });
});
