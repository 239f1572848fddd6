/**
 * A school's location named once, for lists that show locations of several clients: the location's own name when it
 * already starts with its client's ("Blue Gum College – Junior Campus"), else the client's name, a dash and the
 * location's ("Harbourside Primary School – Main building"). Never "Blue Gum College - Blue Gum College – Junior
 * Campus". The distinguishing part (the campus) stays at the end of a name that the interface lets wrap.
 */
export function locationLabel(clientName: string, locationName: string): string {
  const client = normalise(clientName);
  const location = normalise(locationName);
  if (!client) return locationName.trim();
  if (!location) return clientName.trim();
  return startsWithName(location, client) ? locationName.trim() : `${clientName.trim()} – ${locationName.trim()}`;
}

function normalise(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
}

/** "Blue Gum College – Junior Campus" starts with "Blue Gum College"; "Blue Gum Colleges" does not. */
function startsWithName(name: string, prefix: string): boolean {
  if (!name.startsWith(prefix)) return false;
  const next = name.charAt(prefix.length);
  return next === '' || !/[\p{L}\p{N}]/u.test(next);
}
