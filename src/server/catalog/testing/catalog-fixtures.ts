import type { LocalizedText } from '../../../shared/locales';
import type { DbOrTx } from '../../db/client';
import { categories, cities, eventTags, events, organizers, subcategories, tags, venues, type Performer } from '../../db/schema';
import { DAY_MS, HOUR_MS } from '../../../shared/constants';

/**
 * A small catalogue for discovery tests, independent of the demo seed: titles in four languages and
 * scripts (one Serbian title in Cyrillic), venues in Belgrade and Novi Sad, every status and attendance
 * mode, a past and an unpublished event. Events start relative to `now`.
 */

type L4 = Required<LocalizedText>;

export interface FixtureEvent {
  slug: string;
  title: L4;
  category: string;
  subcategory?: string;
  venue?: string;
  /** Days from now (fractions allowed); negative = past. */
  inDays: number;
  hours?: number;
  tags?: string[];
  performers?: Performer[];
  price?: [number, number] | null;
  reservable?: boolean;
  published?: boolean;
  status?: 'scheduled' | 'cancelled' | 'postponed' | 'rescheduled' | 'moved_online';
  attendanceMode?: 'offline' | 'online' | 'mixed';
  onlineUrl?: string;
  organizer?: string;
}

const l4 = (sr: string, en: string, uk: string, ru: string): L4 => ({ sr, en, uk, ru });

export const FIXTURE_CATEGORIES = [
  {
    slug: 'koncerti',
    name: l4('Koncerti', 'Concerts', 'Концерти', 'Концерты'),
    icon: 'music_note',
    subs: [
      { slug: 'dzez', name: l4('Džez i bluz', 'Jazz & blues', 'Джаз і блюз', 'Джаз и блюз') },
      { slug: 'klasika', name: l4('Klasična muzika', 'Classical music', 'Класична музика', 'Классическая музыка') },
    ],
  },
  {
    slug: 'pozoriste',
    name: l4('Pozorište', 'Theatre', 'Театр', 'Театр'),
    icon: 'theater_comedy',
    subs: [
      { slug: 'drama', name: l4('Drama', 'Drama', 'Драма', 'Драма') },
      { slug: 'mjuzikl', name: l4('Mjuzikl', 'Musical', 'Мюзикл', 'Мюзикл') },
    ],
  },
  { slug: 'sport', name: l4('Sport', 'Sport', 'Спорт', 'Спорт'), icon: 'sports', subs: [] },
  { slug: 'izlozbe', name: l4('Izložbe', 'Exhibitions', 'Виставки', 'Выставки'), icon: 'museum', subs: [] },
  { slug: 'radionice', name: l4('Radionice', 'Workshops', 'Майстер-класи', 'Мастер-классы'), icon: 'handyman', subs: [] },
  { slug: 'klubovi', name: l4('Klubovi', 'Clubs', 'Клуби', 'Клубы'), icon: 'nightlife', subs: [] },
  { slug: 'stand-up', name: l4('Stand-up komedija', 'Stand-up comedy', 'Стендап', 'Стендап'), icon: 'mic', subs: [] },
  { slug: 'festivali', name: l4('Festivali', 'Festivals', 'Фестивалі', 'Фестивали'), icon: 'festival', subs: [] },
  { slug: 'film', name: l4('Film', 'Film', 'Кіно', 'Кино'), icon: 'movie', subs: [] },
] as const;

export const FIXTURE_TAGS = [
  { slug: 'besplatno', name: l4('Besplatno', 'Free', 'Безкоштовно', 'Бесплатно') },
  { slug: 'napolju', name: l4('Napolju', 'Outdoors', 'Просто неба', 'Под открытым небом') },
  { slug: 'za-decu', name: l4('Za decu', 'For kids', 'Для дітей', 'Для детей') },
  { slug: 'uzivo', name: l4('Uživo', 'Live', 'Наживо', 'Вживую') },
];

export const FIXTURE_VENUES = [
  { slug: 'dom-omladine', city: 'beograd', name: 'Dom omladine Beograda', street: 'Makedonska 22', postal: '11000', locality: 'Beograd', lat: 44.8157, lng: 20.4633 },
  { slug: 'kolarac', city: 'beograd', name: 'Kolarčeva zadužbina', street: 'Studentski trg 5', postal: '11000', locality: 'Beograd', lat: 44.8186, lng: 20.4571 },
  { slug: 'narodno-pozoriste', city: 'beograd', name: 'Narodno pozorište', street: 'Francuska 3', postal: '11000', locality: 'Beograd', lat: 44.8169, lng: 20.4606 },
  { slug: 'msu', city: 'beograd', name: 'Muzej savremene umetnosti', street: 'Ušće 10', postal: '11070', locality: 'Novi Beograd', lat: 44.8213, lng: 20.4443 },
  { slug: 'terazije', city: 'beograd', name: 'Pozorište na Terazijama', street: 'Terazije 29', postal: '11000', locality: 'Beograd', lat: 44.8127, lng: 20.4608 },
  { slug: 'drugstore', city: 'beograd', name: 'Drugstore', street: 'Bulevar despota Stefana 115', postal: '11000', locality: 'Beograd', lat: 44.8178, lng: 20.4892 },
  { slug: 'ada', city: 'beograd', name: 'Ada Ciganlija', street: 'Ada Ciganlija 1', postal: '11030', locality: 'Beograd', lat: 44.7866, lng: 20.4116 },
  { slug: 'kc-novi-sad', city: 'novi-sad', name: 'Kulturni centar Novog Sada', street: 'Katolička porta 5', postal: '21000', locality: 'Novi Sad', lat: 45.2551, lng: 19.8451 },
  { slug: 'petrovaradin', city: 'novi-sad', name: 'Petrovaradinska tvrđava', street: 'Petrovaradinska tvrđava bb', postal: '21131', locality: 'Novi Sad', lat: 45.2522, lng: 19.8625 },
];

export const FIXTURE_EVENTS: FixtureEvent[] = [
  {
    slug: 'koncert-dzez-kvarteta',
    title: l4('Koncert džez kvarteta', 'Jazz Quartet Concert', 'Концерт джаз-квартету', 'Концерт джаз-квартета'),
    category: 'koncerti',
    subcategory: 'dzez',
    venue: 'dom-omladine',
    inDays: 1,
    hours: 20,
    tags: ['uzivo'],
    performers: [{ name: 'Vasil Hadžimanov Band', type: 'PerformingGroup' }, { name: 'Ana Kostić', type: 'Person' }],
    price: [120000, 250000],
    reservable: true,
    organizer: 'dom-omladine-org',
  },
  {
    slug: 'vece-dzeza-novi-sad',
    title: l4('Veče džeza u Novom Sadu', 'Jazz night in Novi Sad', 'Вечір джазу в Нові Саді', 'Вечер джаза в Нови-Саде'),
    category: 'koncerti',
    subcategory: 'dzez',
    venue: 'kc-novi-sad',
    inDays: 3,
    hours: 21,
    tags: ['uzivo'],
    price: [80000, 80000],
  },
  {
    slug: 'beogradski-dzez-festival',
    title: l4('Београдски џез фестивал', 'Belgrade Jazz Festival', 'Белградський джаз-фестиваль', 'Белградский джаз-фестиваль'),
    category: 'festivali',
    venue: 'dom-omladine',
    inDays: 10,
    hours: 19,
    price: [150000, 600000],
  },
  {
    slug: 'hamlet',
    title: l4('Hamlet', 'Hamlet', 'Гамлет', 'Гамлет'),
    category: 'pozoriste',
    subcategory: 'drama',
    venue: 'narodno-pozoriste',
    inDays: 2,
    hours: 19.5,
    price: [100000, 300000],
    reservable: true,
  },
  {
    slug: 'stand-up-vece',
    title: l4('Stand-up veče: Mlađa Veselinović', 'Stand-up night: Mlađa Veselinović', 'Стендап-вечір: Младжа Веселинович', 'Стендап-вечер: Младжа Веселинович'),
    category: 'stand-up',
    venue: 'drugstore',
    inDays: 4,
    hours: 21,
    tags: ['besplatno'],
    price: [0, 0],
  },
  {
    slug: 'izlozba-nadezda-petrovic',
    title: l4('Izložba: Nadežda Petrović', 'Exhibition: Nadežda Petrović', 'Виставка: Надія Петрович', 'Выставка: Надежда Петрович'),
    category: 'izlozbe',
    venue: 'msu',
    inDays: 5,
    hours: 10,
    price: [50000, 50000],
  },
  {
    slug: 'beogradski-maraton',
    title: l4('Beogradski maraton', 'Belgrade Marathon', 'Белградський марафон', 'Белградский марафон'),
    category: 'sport',
    venue: 'ada',
    inDays: 20,
    hours: 9,
    tags: ['napolju', 'besplatno'],
    price: null,
  },
  {
    slug: 'radionica-keramike',
    title: l4('Radionica keramike za decu', 'Pottery workshop for kids', 'Гончарна майстерня для дітей', 'Гончарная мастерская для детей'),
    category: 'radionice',
    venue: 'kc-novi-sad',
    inDays: 6,
    hours: 11,
    tags: ['za-decu'],
    price: [100000, 100000],
    reservable: true,
  },
  {
    slug: 'koncert-simfonijskog-orkestra',
    title: l4('Koncert simfonijskog orkestra', 'Symphony Orchestra Concert', 'Концерт симфонічного оркестру', 'Концерт симфонического оркестра'),
    category: 'koncerti',
    subcategory: 'klasika',
    venue: 'kolarac',
    inDays: 7,
    hours: 20,
    performers: [{ name: 'Beogradska filharmonija', type: 'PerformingGroup' }],
    price: [150000, 350000],
    reservable: true,
    status: 'rescheduled',
  },
  {
    slug: 'elektronska-zurka',
    title: l4('Elektronska žurka', 'Electronic party', 'Електронна вечірка', 'Электронная вечеринка'),
    category: 'klubovi',
    venue: 'drugstore',
    inDays: 8,
    hours: 23,
    price: [150000, 200000],
    status: 'cancelled',
  },
  {
    slug: 'onlajn-predavanje-o-filmu',
    title: l4('Onlajn predavanje o filmu', 'Online film lecture', 'Онлайн-лекція про кіно', 'Онлайн-лекция о кино'),
    category: 'film',
    inDays: 9,
    hours: 18,
    price: [0, 0],
    attendanceMode: 'online',
    onlineUrl: 'https://stream.example.org/film',
  },
  {
    slug: 'mjuzikl-cikago',
    title: l4('Mjuzikl Čikago', 'Chicago the Musical', 'Мюзикл «Чикаго»', 'Мюзикл «Чикаго»'),
    category: 'pozoriste',
    subcategory: 'mjuzikl',
    venue: 'terazije',
    inDays: 12,
    hours: 20,
    price: [200000, 450000],
    attendanceMode: 'mixed',
    onlineUrl: 'https://stream.example.org/cikago',
  },
  {
    slug: 'balasevic-tribjut',
    title: l4('Ђорђе Балашевић — трибјут', 'Đorđe Balašević tribute', 'Трибʼют Джордже Балашевичу', 'Трибьют Джордже Балашевичу'),
    category: 'koncerti',
    venue: 'petrovaradin',
    inDays: 15,
    hours: 21,
    performers: [{ name: 'Đorđe Balašević Tribute Band', type: 'PerformingGroup' }],
    price: [100000, 100000],
  },
  {
    slug: 'sahovski-turnir',
    title: l4('Šahovski turnir', 'Chess tournament', 'Шаховий турнір', 'Шахматный турнир'),
    category: 'sport',
    venue: 'kc-novi-sad',
    inDays: 11,
    hours: 10,
    price: [0, 0],
    status: 'postponed',
  },
  {
    slug: 'festival-piva',
    title: l4('Festival piva', 'Beer festival', 'Фестиваль пива', 'Фестиваль пива'),
    category: 'festivali',
    venue: 'petrovaradin',
    inDays: 25,
    hours: 18,
    tags: ['napolju'],
    price: [0, 0],
  },
  {
    slug: 'joga-u-parku',
    title: l4('Joga u parku', 'Yoga in the park', 'Йога в парку', 'Йога в парке'),
    category: 'radionice',
    venue: 'ada',
    inDays: 13,
    hours: 8,
    tags: ['napolju', 'besplatno'],
    price: [0, 0],
  },
  // Names written in one script only (performers, a title in one language), for the transliteration
  // cases of the search table: Mykola/Микола, Kyiv/Київ, Serhiy/Сергій, Tchaikovsky/Чайковский …
  {
    slug: 'kijevski-kamerni-hor',
    title: l4('Kamerni hor iz Ukrajine', 'Chamber choir from Ukraine', 'Київський камерний хор', 'Камерный хор из Украины'),
    category: 'koncerti',
    subcategory: 'klasika',
    venue: 'kolarac',
    inDays: 16,
    hours: 19,
    performers: [
      { name: 'Микола Лисенко', type: 'Person' },
      { name: 'Дмитро Гнатюк', type: 'Person' },
      { name: 'Serhiy Zhadan', type: 'Person' },
    ],
    price: [90000, 180000],
  },
  {
    slug: 'pesme-visockog',
    title: l4('Veče bardovske pesme', 'An evening of bard songs', 'Вечір бардівської пісні', 'Высоцкий: песни'),
    category: 'koncerti',
    venue: 'kc-novi-sad',
    inDays: 17,
    hours: 20,
    performers: [{ name: 'Ансамбль «Крым»', type: 'PerformingGroup' }],
    price: [70000, 70000],
  },
  {
    slug: 'labudovo-jezero',
    title: l4('Čajkovski: Labudovo jezero', 'Swan Lake', 'Лебедине озеро', 'Лебединое озеро'),
    category: 'pozoriste',
    venue: 'narodno-pozoriste',
    inDays: 18,
    hours: 19,
    price: [200000, 500000],
  },
  {
    slug: 'galeb',
    title: l4('Galeb', 'The Seagull', 'Чайка', 'Чайка'),
    category: 'pozoriste',
    subcategory: 'drama',
    venue: 'narodno-pozoriste',
    inDays: 19,
    hours: 19.5,
    price: [100000, 250000],
  },
  {
    slug: 'prosli-koncert',
    title: l4('Prošli koncert', 'Past concert', 'Минулий концерт', 'Прошедший концерт'),
    category: 'koncerti',
    venue: 'dom-omladine',
    inDays: -3,
    hours: 20,
    price: [100000, 100000],
  },
  {
    slug: 'neobjavljeni-koncert',
    title: l4('Neobjavljeni koncert', 'Unpublished concert', 'Неопублікований концерт', 'Неопубликованный концерт'),
    category: 'koncerti',
    venue: 'dom-omladine',
    inDays: 2,
    hours: 20,
    published: false,
    price: [100000, 100000],
  },
];

export interface FixtureIds {
  events: Map<string, number>;
  venues: Map<string, number>;
  categories: Map<string, number>;
  tags: Map<string, number>;
}

/** Days from `now`, at a fixed UTC hour, so the order is predictable. */
export function fixtureStart(now: Date, inDays: number, hours = 20): Date {
  const day = new Date(now);
  day.setUTCHours(0, 0, 0, 0);
  return new Date(day.getTime() + Math.round(inDays) * DAY_MS + hours * HOUR_MS);
}

export async function insertCatalogFixtures(db: DbOrTx, now = new Date()): Promise<FixtureIds> {
  const cityRows = await db
    .insert(cities)
    .values([
      { slug: 'beograd', name: l4('Beograd', 'Belgrade', 'Белград', 'Белград') },
      { slug: 'novi-sad', name: l4('Novi Sad', 'Novi Sad', 'Нові Сад', 'Нови-Сад') },
    ])
    .returning({ id: cities.id, slug: cities.slug });
  const cityIds = new Map(cityRows.map((row) => [row.slug, row.id]));

  const categoryIds = new Map<string, number>();
  const subcategoryIds = new Map<string, number>();
  for (const [position, category] of FIXTURE_CATEGORIES.entries()) {
    const [row] = await db
      .insert(categories)
      .values({ slug: category.slug, name: category.name, icon: category.icon, position })
      .returning({ id: categories.id });
    categoryIds.set(category.slug, row!.id);
    for (const [subPosition, sub] of category.subs.entries()) {
      const [subRow] = await db
        .insert(subcategories)
        .values({ categoryId: row!.id, slug: sub.slug, name: sub.name, position: subPosition })
        .returning({ id: subcategories.id });
      subcategoryIds.set(`${category.slug}/${sub.slug}`, subRow!.id);
    }
  }

  const tagRows = await db
    .insert(tags)
    .values(FIXTURE_TAGS.map((tag, position) => ({ ...tag, position })))
    .returning({ id: tags.id, slug: tags.slug });
  const tagIds = new Map(tagRows.map((row) => [row.slug, row.id]));

  const [organizer] = await db
    .insert(organizers)
    .values({ slug: 'dom-omladine-org', name: 'Dom omladine Beograda d.o.o.', website: 'https://www.domomladine.org' })
    .returning({ id: organizers.id });

  const venueRows = await db
    .insert(venues)
    .values(
      FIXTURE_VENUES.map((venue) => ({
        slug: venue.slug,
        cityId: cityIds.get(venue.city)!,
        name: venue.name,
        description: l4(`O mestu ${venue.name}`, `About ${venue.name}`, `Про ${venue.name}`, `О ${venue.name}`),
        streetAddress: venue.street,
        postalCode: venue.postal,
        locality: venue.locality,
        lat: venue.lat,
        lng: venue.lng,
        website: `https://example.org/${venue.slug}`,
      })),
    )
    .returning({ id: venues.id, slug: venues.slug });
  const venueIds = new Map(venueRows.map((row) => [row.slug, row.id]));

  const eventIds = new Map<string, number>();
  for (const event of FIXTURE_EVENTS) {
    const startsAt = fixtureStart(now, event.inDays, event.hours);
    const [row] = await db
      .insert(events)
      .values({
        slug: event.slug,
        title: event.title,
        description: l4(`Opis: ${event.title.sr}`, `About: ${event.title.en}`, `Опис: ${event.title.uk}`, `Описание: ${event.title.ru}`),
        categoryId: categoryIds.get(event.category)!,
        subcategoryId: event.subcategory ? subcategoryIds.get(`${event.category}/${event.subcategory}`)! : null,
        venueId: event.venue ? venueIds.get(event.venue)! : null,
        organizerId: event.organizer ? organizer!.id : null,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 2 * HOUR_MS),
        status: event.status ?? 'scheduled',
        attendanceMode: event.attendanceMode ?? 'offline',
        onlineUrl: event.onlineUrl ?? null,
        images: [
          { url: `/images/events/${event.category}-1.jpg`, width: 1200, height: 630, alt: l4(event.title.sr, event.title.en, event.title.uk, event.title.ru) },
        ],
        performers: event.performers ?? [],
        priceMin: event.price === null ? null : (event.price?.[0] ?? 0),
        priceMax: event.price === null ? null : (event.price?.[1] ?? 0),
        offerCount: event.price && event.price[0] !== event.price[1] ? 2 : 1,
        reservable: event.reservable ?? false,
        published: event.published ?? true,
        // The lifecycle column agrees with the public flag (events_published_matches, migration 0012).
        publication: (event.published ?? true) ? 'published' : 'draft',
      })
      .returning({ id: events.id });
    eventIds.set(event.slug, Number(row!.id));
  }
  const links = FIXTURE_EVENTS.flatMap((event) =>
    (event.tags ?? []).map((tag) => ({ eventId: eventIds.get(event.slug)!, tagId: tagIds.get(tag)! })),
  );
  if (links.length) await db.insert(eventTags).values(links);
  return { events: eventIds, venues: venueIds, categories: categoryIds, tags: tagIds };
}
