export interface OrganizerData {
  slug: string;
  name: string;
  /**
   * Only a page inside Kuda (a path such as "/venues/…") or nothing: the demo must not send readers to made-up
   * domains. None of the demo organizers has a page of its own, so none has a website.
   */
  website?: `/${string}`;
  /** New organizers start untrusted: their events wait in the admin's review queue. Default true for the demo. */
  trusted?: boolean;
}

/** The untrusted demo organizer (`newvenue@kuda.demo`): its first event waits for the admin's review. */
export const UNTRUSTED_ORGANIZER_SLUG = 'novi-talas';

/** The demo organizer account is a member of `kuda-demo`, which owns most reservable events. */
export const DEMO_ORGANIZER_SLUG = 'kuda-demo';

export const ORGANIZERS: readonly OrganizerData[] = [
  { slug: DEMO_ORGANIZER_SLUG, name: 'Kuda Demo Organizator' },
  { slug: 'beogradska-kulturna-scena', name: 'Beogradska kulturna scena' },
  { slug: 'novosadski-festivalski-centar', name: 'Novosadski festivalski centar' },
  { slug: 'smeh-i-scena', name: 'Smeh i scena' },
  { slug: 'porodicni-vikend', name: 'Porodični vikend' },
  { slug: UNTRUSTED_ORGANIZER_SLUG, name: 'Klub Novi talas', trusted: false },
];
