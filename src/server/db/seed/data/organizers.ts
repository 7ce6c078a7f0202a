export interface OrganizerData {
  slug: string;
  name: string;
  website?: string;
  /** New organizers start untrusted: their events wait in the admin's review queue. Default true for the demo. */
  trusted?: boolean;
}

/** The untrusted demo organizer (`newvenue@kuda.demo`): its first event waits for the admin's review. */
export const UNTRUSTED_ORGANIZER_SLUG = 'novi-talas';

/** The demo organizer account is a member of `kuda-demo`, which owns most reservable events. */
export const DEMO_ORGANIZER_SLUG = 'kuda-demo';

export const ORGANIZERS: readonly OrganizerData[] = [
  { slug: DEMO_ORGANIZER_SLUG, name: 'Kuda Demo Organizator', website: 'https://kuda.demo' },
  { slug: 'beogradska-kulturna-scena', name: 'Beogradska kulturna scena', website: 'https://scena.kuda.demo' },
  { slug: 'novosadski-festivalski-centar', name: 'Novosadski festivalski centar', website: 'https://festival-ns.kuda.demo' },
  { slug: 'smeh-i-scena', name: 'Smeh i scena' },
  { slug: 'porodicni-vikend', name: 'Porodični vikend', website: 'https://porodica.kuda.demo' },
  { slug: UNTRUSTED_ORGANIZER_SLUG, name: 'Klub Novi talas', website: 'https://novitalas.kuda.demo', trusted: false },
];
