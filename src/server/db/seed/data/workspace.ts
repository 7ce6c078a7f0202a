import type { L4 } from './types';

/**
 * The demo organizer's workspace (issue 9): its own venues, its team and the events it is working on.
 * Texts only; `demo-workspace.ts` makes them through the organizer services, relative to "now".
 */

export interface WorkspaceVenue {
  slug: string;
  city: 'beograd' | 'novi-sad';
  name: L4;
  accessibility: string;
  capacity: number;
}

/** The demo organizer owns these (besides those where it runs most events): one per city. */
export const WORKSPACE_VENUES = {
  belgrade: {
    slug: 'kc-grad',
    city: 'beograd',
    name: { sr: 'KC Grad', en: 'Grad Cultural Centre', uk: 'Культурний центр «Град»', ru: 'Культурный центр «Град»' },
    accessibility:
      'Ulaz sa Braće Krsmanović bez stepenika; prizemlje i bina dostupni kolicima, pristupačan toalet u prizemlju. ' +
      'Step-free entrance from Braće Krsmanović; ground floor and stage reachable by wheelchair, accessible toilet on the ground floor.',
    capacity: 250,
  },
  noviSad: {
    slug: 'kulturni-centar-novog-sada',
    city: 'novi-sad',
    name: {
      sr: 'Kulturni centar Novog Sada',
      en: 'Novi Sad Cultural Centre',
      uk: 'Культурний центр Нові-Сада',
      ru: 'Культурный центр Нови-Сада',
    },
    accessibility:
      'Lift do velike sale, rampa na glavnom ulazu, mesta za kolica u prvom redu; indukciona petlja na zahtev. ' +
      'Lift to the main hall, ramp at the main entrance, wheelchair spaces in the front row; hearing loop on request.',
    capacity: 420,
  },
} as const satisfies Record<string, WorkspaceVenue>;

/** Door staff of the demo organizer (signs in, sees check-in and the guest list only). */
export const DOOR_ROLE = 'door' as const;
/** An invitation nobody has accepted yet: the team page shows it as "invited". */
export const OPEN_INVITATION = { email: 'new.manager@kuda.demo', role: 'manager' } as const;

export type PosterStyle = 'stage' | 'sunset' | 'vinyl' | 'prints';

export interface DemoPhoto {
  key: 'jazz' | 'film' | 'vinyl' | 'print';
  style: PosterStyle;
  /** Background gradient, top to bottom. */
  background: readonly [string, string, string];
  accents: readonly string[];
  focal: { focalX: number; focalY: number };
  alt: L4;
}

export const DEMO_PHOTOS: readonly DemoPhoto[] = [
  {
    key: 'jazz',
    style: 'stage',
    background: ['#0b1030', '#24124a', '#07060f'],
    accents: ['#ffb347', '#ff7b54', '#ffd27f', '#8f6bff'],
    focal: { focalX: 0.5, focalY: 0.45 },
    alt: {
      sr: 'Bina u polumraku, topla svetla reflektora i zamućena svetla publike',
      en: 'A dim stage with warm spotlights and blurred lights over the audience',
      uk: 'Напівтемна сцена з теплими прожекторами та розмитими вогнями над залою',
      ru: 'Полутёмная сцена с тёплыми прожекторами и размытыми огнями над залом',
    },
  },
  {
    key: 'film',
    style: 'sunset',
    background: ['#12335c', '#e0674a', '#f6c177'],
    accents: ['#fff1c1', '#ff9e64', '#1b2a41', '#7fd1c7'],
    focal: { focalX: 0.5, focalY: 0.6 },
    alt: {
      sr: 'Sumrak nad krovovima grada, veliko platno i siluete publike',
      en: 'Dusk over the city roofs, a big screen and the silhouettes of the audience',
      uk: 'Сутінки над дахами міста, великий екран і силуети глядачів',
      ru: 'Сумерки над крышами города, большой экран и силуэты зрителей',
    },
  },
  {
    key: 'vinyl',
    style: 'vinyl',
    background: ['#3a0a12', '#8c1c13', '#1a0505'],
    accents: ['#ffcf56', '#f25c54', '#fde4cf', '#43aa8b'],
    focal: { focalX: 0.4, focalY: 0.5 },
    alt: {
      sr: 'Gramofonske ploče u toplim bojama, poređane na tezgi',
      en: 'Vinyl records in warm colours, lined up on a stall',
      uk: 'Вінілові платівки в теплих кольорах, розкладені на прилавку',
      ru: 'Виниловые пластинки в тёплых тонах, разложенные на прилавке',
    },
  },
  {
    key: 'print',
    style: 'prints',
    background: ['#f4ead5', '#efd9b4', '#e3c58f'],
    accents: ['#1d3557', '#e63946', '#2a9d8f', '#f4a261'],
    focal: { focalX: 0.55, focalY: 0.5 },
    alt: {
      sr: 'Šareni otisci sitoštampe koji se suše na stolu radionice',
      en: 'Colourful screen prints drying on a workshop table',
      uk: 'Яскраві шовкографічні відбитки сохнуть на столі майстерні',
      ru: 'Яркие шелкографические оттиски сохнут на столе мастерской',
    },
  },
];

export interface WorkspaceEvent {
  title: Partial<L4>;
  summary?: Partial<L4>;
  description?: Partial<L4>;
  sourceLocale: keyof L4;
  category: string;
  subcategory: string;
  tags: readonly string[];
  venue: keyof typeof WORKSPACE_VENUES;
  /** Days after today (Belgrade calendar), or the next weekday (1 = Monday … 7 = Sunday) at least `days` away. */
  when: { days: number; weekday?: number; time: string; minutes: number };
  /** RSD (the API takes minor units). */
  price?: { min: number; max?: number };
  performers?: readonly string[];
  reservation?: { mode: 'instant' | 'approval'; capacity: number; partyMax: number };
  photo?: DemoPhoto['key'];
}

/** A weekly jazz night: the first date is published, then repeated as a series of six Tuesdays. */
export const SERIES_EVENT: WorkspaceEvent = {
  title: { sr: 'Džez utorkom u Gradu', en: 'Jazz Tuesdays at Grad', uk: 'Джазові вівторки в «Граді»', ru: 'Джазовые вторники в «Граде»' },
  summary: {
    sr: 'Kvartet kuće i gost iznenađenja svakog utorka uveče.',
    en: 'The house quartet and a surprise guest every Tuesday night.',
    uk: 'Домашній квартет і несподіваний гість щовівторка ввечері.',
    ru: 'Домашний квартет и гость-сюрприз каждый вторник вечером.',
  },
  description: {
    sr: 'Kvartet kuće svira standarde i sopstvene kompozicije, a posle pauze bina je otvorena za džem. Rezervacija garantuje mesto za stolom do 20:15.',
    en: 'The house quartet plays standards and its own tunes; after the break the stage is open for a jam. A reservation holds a table until 20:15.',
    uk: 'Домашній квартет грає стандарти й власні композиції, а після перерви сцена відкрита для джему. Бронювання тримає столик до 20:15.',
    ru: 'Домашний квартет играет стандарты и собственные композиции, а после перерыва сцена открыта для джема. Бронь держит столик до 20:15.',
  },
  sourceLocale: 'sr',
  category: 'koncerti',
  subcategory: 'dzez',
  tags: ['dzez', 'uzivo'],
  venue: 'belgrade',
  when: { days: 1, weekday: 2, time: '20:00', minutes: 150 },
  price: { min: 800 },
  performers: ['Kvartet KC Grad'],
  reservation: { mode: 'instant', capacity: 60, partyMax: 6 },
  photo: 'jazz',
};
export const SERIES_RRULE = 'FREQ=WEEKLY;BYDAY=TU;COUNT=6';

/** Published through the workspace, with an uploaded cover. */
export const PUBLISHED_EVENT: WorkspaceEvent = {
  title: { sr: 'Noć kratkog filma', en: 'Short Film Night', uk: 'Ніч короткого метру', ru: 'Ночь короткого метра' },
  summary: {
    sr: 'Deset kratkih filmova mladih autora iz regiona, pa razgovor sa rediteljima.',
    en: 'Ten short films by young directors from the region, followed by a talk with them.',
    uk: 'Десять короткометражок молодих режисерів регіону, а потім розмова з ними.',
    ru: 'Десять короткометражек молодых режиссёров региона, а затем разговор с ними.',
  },
  description: {
    sr: 'Program traje oko dva sata, svi filmovi imaju engleske titlove. Ulaz je slobodan uz rezervaciju.',
    en: 'The programme runs about two hours; every film has English subtitles. Entry is free with a reservation.',
    uk: 'Програма триває близько двох годин, усі фільми з англійськими субтитрами. Вхід вільний за бронюванням.',
    ru: 'Программа идёт около двух часов, у всех фильмов английские субтитры. Вход свободный по брони.',
  },
  sourceLocale: 'sr',
  category: 'film',
  subcategory: 'premijere',
  tags: ['besplatno', 'premijera'],
  venue: 'noviSad',
  when: { days: 9, time: '19:30', minutes: 135 },
  price: { min: 0, max: 0 },
  reservation: { mode: 'approval', capacity: 120, partyMax: 4 },
  photo: 'film',
};

/** Ready and scheduled: publishes itself tomorrow at 10:00 (Belgrade). */
export const SCHEDULED_EVENT: WorkspaceEvent = {
  title: { sr: 'Sajam ploča i kaseta', en: 'Vinyl & Tape Fair', uk: 'Ярмарок платівок і касет', ru: 'Ярмарка пластинок и кассет' },
  summary: {
    sr: 'Kolekcionari i male izdavačke kuće na jednom mestu, uz di-džej setove sa vinila.',
    en: 'Collectors and small labels in one place, with DJ sets played from vinyl.',
    uk: 'Колекціонери й маленькі лейбли в одному місці, з діджей-сетами з вінілу.',
    ru: 'Коллекционеры и маленькие лейблы в одном месте, с диджей-сетами с винила.',
  },
  description: {
    sr: 'Preko trideset tezgi, servis gramofona i razmena ploča. Ulaz je slobodan.',
    en: 'More than thirty stalls, turntable repairs and a record swap. Entry is free.',
    uk: 'Понад тридцять прилавків, ремонт програвачів і обмін платівками. Вхід вільний.',
    ru: 'Больше тридцати прилавков, ремонт проигрывателей и обмен пластинками. Вход свободный.',
  },
  sourceLocale: 'sr',
  category: 'festivali',
  subcategory: 'muzicki',
  tags: ['besplatno'],
  venue: 'belgrade',
  when: { days: 14, weekday: 6, time: '12:00', minutes: 480 },
  price: { min: 0, max: 0 },
  photo: 'vinyl',
};

/** A draft typed in Serbian Cyrillic only (no other language yet). */
export const CYRILLIC_DRAFT: WorkspaceEvent = {
  title: { sr: 'Сценско читање: нова војвођанска драма' },
  summary: { sr: 'Глумци читају три нова текста младих драмских писаца, публика бира један за поставку.' },
  description: {
    sr: 'Читање траје око сат и по, после следи разговор са ауторима. Улаз слободан, број места ограничен.',
  },
  sourceLocale: 'sr',
  category: 'pozoriste',
  subcategory: 'drama',
  tags: [],
  venue: 'noviSad',
  when: { days: 33, time: '19:00', minutes: 120 },
};

/** A draft in Serbian and English, with a cover already uploaded. */
export const BILINGUAL_DRAFT: WorkspaceEvent = {
  title: { sr: 'Radionica sitoštampe: napravi svoj poster', en: 'Screen-printing workshop: make your own poster' },
  summary: {
    sr: 'Od skice do otiska za jedno popodne; materijal je obezbeđen.',
    en: 'From sketch to print in one afternoon; all materials provided.',
  },
  sourceLocale: 'sr',
  category: 'radionice',
  subcategory: 'kreativne',
  tags: ['na-engleskom'],
  venue: 'belgrade',
  when: { days: 24, weekday: 7, time: '15:00', minutes: 180 },
  price: { min: 2500 },
  photo: 'print',
};
