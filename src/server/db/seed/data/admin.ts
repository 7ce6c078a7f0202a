import type { L4 } from './types';
import type { WorkspaceEvent } from './workspace';

/**
 * The admin back office's demo (issue 10): what waits for the admin when they first sign in. Texts only;
 * `demo-admin.ts` makes them through the services, relative to "now".
 */

/** The untrusted organizer's own venue, in Belgrade. */
export const NEW_VENUE = {
  name: { sr: 'Klub Novi talas', en: 'New Wave Club', uk: 'Клуб «Нова хвиля»', ru: 'Клуб «Новая волна»' } satisfies L4,
  address: 'Cetinjska 15',
  city: 'beograd',
  lat: 44.8176,
  lng: 20.4722,
  accessibility: 'Ulaz iz dvorišta bez stepenika; toalet nije prilagođen. Step-free entrance from the courtyard; the toilet is not adapted.',
  capacity: 180,
} as const;

/** Its first event: published by an organizer that is not trusted yet, so it waits in the review queue. */
export const EVENT_FOR_REVIEW: WorkspaceEvent = {
  title: { sr: 'Garažni petak: tri benda', en: 'Garage Friday: three bands', uk: 'Гаражна пʼятниця: три гурти', ru: 'Гаражная пятница: три группы' },
  summary: {
    sr: 'Tri mlada beogradska benda, jedna bina i ulaz uz rezervaciju.',
    en: 'Three young Belgrade bands, one stage, entry with a reservation.',
    uk: 'Три молоді белградські гурти, одна сцена, вхід за бронюванням.',
    ru: 'Три молодые белградские группы, одна сцена, вход по брони.',
  },
  description: {
    sr: 'Svaki bend svira po četrdeset minuta. Vrata se otvaraju sat vremena pre početka.',
    en: 'Each band plays for forty minutes. Doors open an hour before the start.',
    uk: 'Кожен гурт грає по сорок хвилин. Двері відчиняються за годину до початку.',
    ru: 'Каждая группа играет по сорок минут. Двери открываются за час до начала.',
  },
  sourceLocale: 'sr',
  category: 'koncerti',
  subcategory: 'rok',
  tags: ['uzivo', 'rok'],
  venue: 'noviSad',
  when: { days: 6, time: '21:00', minutes: 180, weekday: 5 },
  price: { min: 600 },
  reservation: { mode: 'instant', capacity: 150, partyMax: 4 },
};

/** The applicant's request to publish, waiting for the admin. */
export const PENDING_APPLICATION = {
  name: 'Udruženje Dvorišne svirke',
  contact: 'Stefan Nikolić, +381 64 555 0101',
  website: 'https://instagram.com/dvorisnesvirke',
  venues: 'Dvorište u Dositejevoj 8 (leti), Kafe Bašta u Zemunu',
  message: 'Organizujemo akustične svirke po beogradskim dvorištima, dva puta mesečno od aprila do oktobra.',
};

/** A guest's report on one of the programme's events. */
export const OPEN_REPORT = {
  reason: 'wrong_information',
  message: 'Na sajtu kluba piše da počinje sat kasnije.',
};
