/** The cities a venue can be in (the server's city slugs), with the point "use the city centre" puts. */
export const CITIES = {
  beograd: { lat: 44.8176, lng: 20.4569 },
  'novi-sad': { lat: 45.2551, lng: 19.8452 },
} as const;
export type CitySlug = keyof typeof CITIES;
export const CITY_SLUGS = Object.keys(CITIES) as CitySlug[];

export function isCitySlug(value: string): value is CitySlug {
  return Object.hasOwn(CITIES, value);
}

/** OpenStreetMap at the point, with a marker, to check the position by eye. */
export function openStreetMapUrl(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}
