import type { CategorySlug, CitySlug, L4, TagSlug } from './types';

export interface CityData {
  slug: CitySlug;
  name: L4;
  /** "in <city>", ready to drop into a sentence. */
  inCity: L4;
  /** "of <city>" (genitive), for phrases like "Jazz nights of Belgrade". */
  ofCity: L4;
  timeZone: string;
}

export const CITIES: readonly CityData[] = [
  {
    slug: 'beograd',
    name: { sr: 'Beograd', en: 'Belgrade', uk: 'Белград', ru: 'Белград' },
    inCity: { sr: 'u Beogradu', en: 'in Belgrade', uk: 'у Белграді', ru: 'в Белграде' },
    ofCity: { sr: 'Beograda', en: 'Belgrade', uk: 'Белграда', ru: 'Белграда' },
    timeZone: 'Europe/Belgrade',
  },
  {
    slug: 'novi-sad',
    name: { sr: 'Novi Sad', en: 'Novi Sad', uk: 'Нові Сад', ru: 'Нови-Сад' },
    inCity: { sr: 'u Novom Sadu', en: 'in Novi Sad', uk: 'у місті Нові Сад', ru: 'в Нови-Саде' },
    ofCity: { sr: 'Novog Sada', en: 'Novi Sad', uk: 'міста Нові Сад', ru: 'Нови-Сада' },
    timeZone: 'Europe/Belgrade',
  },
];

export interface SubcategoryData {
  slug: string;
  name: L4;
}

export interface CategoryData {
  slug: CategorySlug;
  name: L4;
  /** A Material icon name (snake_case). */
  icon: string;
  subcategories: readonly SubcategoryData[];
}

/** In display order; `position` is the index. */
export const CATEGORIES: readonly CategoryData[] = [
  {
    slug: 'koncerti',
    name: { sr: 'Koncerti', en: 'Concerts', uk: 'Концерти', ru: 'Концерты' },
    icon: 'music_note',
    subcategories: [
      { slug: 'rok', name: { sr: 'Rok i alternativa', en: 'Rock & alternative', uk: 'Рок і альтернатива', ru: 'Рок и альтернатива' } },
      { slug: 'dzez', name: { sr: 'Džez i bluz', en: 'Jazz & blues', uk: 'Джаз і блюз', ru: 'Джаз и блюз' } },
      { slug: 'klasika', name: { sr: 'Klasična muzika', en: 'Classical music', uk: 'Класична музика', ru: 'Классическая музыка' } },
      { slug: 'etno', name: { sr: 'Etno i world', en: 'Folk & world', uk: 'Етно і світова музика', ru: 'Этно и музыка мира' } },
      { slug: 'pop', name: { sr: 'Pop', en: 'Pop', uk: 'Поп', ru: 'Поп' } },
    ],
  },
  {
    slug: 'klubovi',
    name: { sr: 'Klubovi i noćni život', en: 'Clubs & nightlife', uk: 'Клуби та нічне життя', ru: 'Клубы и ночная жизнь' },
    icon: 'nightlife',
    subcategories: [
      { slug: 'elektronska', name: { sr: 'Elektronska muzika', en: 'Electronic music', uk: 'Електронна музика', ru: 'Электронная музыка' } },
      { slug: 'hip-hop', name: { sr: 'Hip-hop i R&B', en: 'Hip-hop & R&B', uk: 'Хіп-хоп і ритм-енд-блюз', ru: 'Хип-хоп и ритм-н-блюз' } },
      { slug: 'retro', name: { sr: 'Retro žurke', en: 'Retro parties', uk: 'Ретро-вечірки', ru: 'Ретро-вечеринки' } },
    ],
  },
  {
    slug: 'pozoriste',
    name: { sr: 'Pozorište', en: 'Theatre', uk: 'Театр', ru: 'Театр' },
    icon: 'theater_comedy',
    subcategories: [
      { slug: 'drama', name: { sr: 'Drama', en: 'Drama', uk: 'Драма', ru: 'Драма' } },
      { slug: 'komedija', name: { sr: 'Komedija', en: 'Comedy', uk: 'Комедія', ru: 'Комедия' } },
      { slug: 'mjuzikl', name: { sr: 'Mjuzikl', en: 'Musical', uk: 'Мюзикл', ru: 'Мюзикл' } },
      { slug: 'balet', name: { sr: 'Balet i ples', en: 'Ballet & dance', uk: 'Балет і танець', ru: 'Балет и танец' } },
    ],
  },
  {
    slug: 'sport',
    name: { sr: 'Sport', en: 'Sport', uk: 'Спорт', ru: 'Спорт' },
    icon: 'sports_soccer',
    subcategories: [
      { slug: 'fudbal', name: { sr: 'Fudbal', en: 'Football', uk: 'Футбол', ru: 'Футбол' } },
      { slug: 'kosarka', name: { sr: 'Košarka', en: 'Basketball', uk: 'Баскетбол', ru: 'Баскетбол' } },
      { slug: 'trcanje', name: { sr: 'Trčanje', en: 'Running', uk: 'Біг', ru: 'Бег' } },
      { slug: 'odbojka', name: { sr: 'Odbojka', en: 'Volleyball', uk: 'Волейбол', ru: 'Волейбол' } },
    ],
  },
  {
    slug: 'deca',
    name: { sr: 'Za decu', en: 'Kids', uk: 'Для дітей', ru: 'Для детей' },
    icon: 'child_care',
    subcategories: [
      { slug: 'predstave', name: { sr: 'Predstave za decu', en: 'Children’s theatre', uk: 'Вистави для дітей', ru: 'Спектакли для детей' } },
      { slug: 'radionice', name: { sr: 'Dečje radionice', en: 'Kids’ workshops', uk: 'Дитячі майстер-класи', ru: 'Детские мастер-классы' } },
      { slug: 'porodicno', name: { sr: 'Porodična zabava', en: 'Family fun', uk: 'Сімейні розваги', ru: 'Семейный досуг' } },
    ],
  },
  {
    slug: 'izlozbe',
    name: { sr: 'Izložbe', en: 'Exhibitions', uk: 'Виставки', ru: 'Выставки' },
    icon: 'palette',
    subcategories: [
      { slug: 'savremena-umetnost', name: { sr: 'Savremena umetnost', en: 'Contemporary art', uk: 'Сучасне мистецтво', ru: 'Современное искусство' } },
      { slug: 'fotografija', name: { sr: 'Fotografija', en: 'Photography', uk: 'Фотографія', ru: 'Фотография' } },
      { slug: 'istorija', name: { sr: 'Istorija i nauka', en: 'History & science', uk: 'Історія і наука', ru: 'История и наука' } },
      { slug: 'dizajn', name: { sr: 'Dizajn', en: 'Design', uk: 'Дизайн', ru: 'Дизайн' } },
    ],
  },
  {
    slug: 'festivali',
    name: { sr: 'Festivali', en: 'Festivals', uk: 'Фестивалі', ru: 'Фестивали' },
    icon: 'festival',
    subcategories: [
      { slug: 'muzicki', name: { sr: 'Muzički festivali', en: 'Music festivals', uk: 'Музичні фестивалі', ru: 'Музыкальные фестивали' } },
      { slug: 'gastro', name: { sr: 'Gastro i vino', en: 'Food & wine', uk: 'Гастрономія і вино', ru: 'Гастрономия и вино' } },
      { slug: 'kulturni', name: { sr: 'Kulturni festivali', en: 'Culture festivals', uk: 'Культурні фестивалі', ru: 'Культурные фестивали' } },
    ],
  },
  {
    slug: 'stand-up',
    name: { sr: 'Stand-up i komedija', en: 'Stand-up & comedy', uk: 'Стендап і комедія', ru: 'Стендап и комедия' },
    icon: 'mic',
    subcategories: [
      { slug: 'stand-up', name: { sr: 'Stand-up', en: 'Stand-up', uk: 'Стендап', ru: 'Стендап' } },
      { slug: 'impro', name: { sr: 'Impro', en: 'Improv', uk: 'Імпровізація', ru: 'Импровизация' } },
      { slug: 'open-mic', name: { sr: 'Open mic', en: 'Open mic', uk: 'Відкритий мікрофон', ru: 'Открытый микрофон' } },
    ],
  },
  {
    slug: 'film',
    name: { sr: 'Film', en: 'Film', uk: 'Кіно', ru: 'Кино' },
    icon: 'movie',
    subcategories: [
      { slug: 'premijere', name: { sr: 'Premijere', en: 'Premieres', uk: 'Прем’єри', ru: 'Премьеры' } },
      { slug: 'klasici', name: { sr: 'Filmski klasici', en: 'Film classics', uk: 'Класика кіно', ru: 'Классика кино' } },
      { slug: 'dokumentarni', name: { sr: 'Dokumentarni film', en: 'Documentaries', uk: 'Документальне кіно', ru: 'Документальное кино' } },
    ],
  },
  {
    slug: 'radionice',
    name: { sr: 'Radionice', en: 'Workshops', uk: 'Майстер-класи', ru: 'Мастер-классы' },
    icon: 'construction',
    subcategories: [
      { slug: 'kreativne', name: { sr: 'Kreativne radionice', en: 'Arts & crafts', uk: 'Творчі майстер-класи', ru: 'Творческие мастер-классы' } },
      { slug: 'kulinarske', name: { sr: 'Kulinarske radionice', en: 'Cooking classes', uk: 'Кулінарні майстер-класи', ru: 'Кулинарные мастер-классы' } },
      { slug: 'tehnologija', name: { sr: 'Tehnologija i IT', en: 'Tech & IT', uk: 'Технології та ІТ', ru: 'Технологии и ИТ' } },
      { slug: 'ples', name: { sr: 'Ples i pokret', en: 'Dance & movement', uk: 'Танець і рух', ru: 'Танец и движение' } },
    ],
  },
];

export interface TagData {
  slug: TagSlug;
  name: L4;
}

/** Quick filters, in display order. */
export const TAGS: readonly TagData[] = [
  { slug: 'besplatno', name: { sr: 'Besplatno', en: 'Free', uk: 'Безкоштовно', ru: 'Бесплатно' } },
  { slug: 'napolju', name: { sr: 'Napolju', en: 'Outdoor', uk: 'Просто неба', ru: 'На открытом воздухе' } },
  { slug: 'za-decu', name: { sr: 'Za decu i porodicu', en: 'Family friendly', uk: 'Для всієї родини', ru: 'Для всей семьи' } },
  { slug: 'uzivo', name: { sr: 'Muzika uživo', en: 'Live music', uk: 'Жива музика', ru: 'Живая музыка' } },
  { slug: 'dzez', name: { sr: 'Džez', en: 'Jazz', uk: 'Джаз', ru: 'Джаз' } },
  { slug: 'rok', name: { sr: 'Rok', en: 'Rock', uk: 'Рок', ru: 'Рок' } },
  { slug: 'elektronska', name: { sr: 'Elektronska', en: 'Electronic', uk: 'Електронна', ru: 'Электронная' } },
  { slug: 'klasika', name: { sr: 'Klasika', en: 'Classical', uk: 'Класика', ru: 'Классика' } },
  { slug: 'pet-friendly', name: { sr: 'Ljubimci dobrodošli', en: 'Pet friendly', uk: 'Можна з тваринами', ru: 'Можно с питомцами' } },
  { slug: 'pristupacno', name: { sr: 'Pristupačno', en: 'Accessible', uk: 'Доступно для всіх', ru: 'Доступная среда' } },
  { slug: 'online', name: { sr: 'Onlajn', en: 'Online', uk: 'Онлайн', ru: 'Онлайн' } },
  { slug: 'premijera', name: { sr: 'Premijera', en: 'Premiere', uk: 'Прем’єра', ru: 'Премьера' } },
  { slug: 'studentski-popust', name: { sr: 'Studentski popust', en: 'Student discount', uk: 'Студентська знижка', ru: 'Студенческая скидка' } },
  { slug: 'na-engleskom', name: { sr: 'Na engleskom', en: 'In English', uk: 'Англійською', ru: 'На английском' } },
];
