import { describe, expect, it } from 'vitest';
import { locationLabel } from './location-name';

describe('locationLabel: a location named once', () => {
  it('does not repeat the client when the location name starts with it', () => {
    expect(locationLabel('Blue Gum College', 'Blue Gum College – Junior Campus')).toBe('Blue Gum College – Junior Campus');
    expect(locationLabel('Blue Gum College', 'Blue Gum College - Senior Campus')).toBe('Blue Gum College - Senior Campus');
  });

  it('names a location that is its client once', () => {
    expect(locationLabel('Harbourside Primary School', 'Harbourside Primary School')).toBe('Harbourside Primary School');
  });

  it("puts the client first when the location's own name does not say it", () => {
    expect(locationLabel('Blue Gum College', 'Junior Campus')).toBe('Blue Gum College – Junior Campus');
  });

  it('compares without regard to case or spacing', () => {
    expect(locationLabel('Blue Gum College', 'blue gum  college – Junior Campus')).toBe('blue gum  college – Junior Campus');
    expect(locationLabel(' Blue Gum College ', 'Blue Gum College')).toBe('Blue Gum College');
  });

  it('needs the whole client name: a longer word is another name', () => {
    expect(locationLabel('Blue Gum College', 'Blue Gum Colleges Annex')).toBe('Blue Gum College – Blue Gum Colleges Annex');
    expect(locationLabel('St Mary', "St Mary's Primary")).toBe("St Mary's Primary");
  });

  it('falls back to whichever name there is', () => {
    expect(locationLabel('', 'Junior Campus')).toBe('Junior Campus');
    expect(locationLabel('Blue Gum College', '  ')).toBe('Blue Gum College');
  });
});
