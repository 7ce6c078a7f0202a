import type { Locale } from '../../../../shared/locales';

/** Demo text always carries all four languages. */
export type L4 = Record<Locale, string>;

export type CitySlug = 'beograd' | 'novi-sad';

export type CategorySlug =
  | 'koncerti'
  | 'klubovi'
  | 'pozoriste'
  | 'sport'
  | 'deca'
  | 'izlozbe'
  | 'festivali'
  | 'stand-up'
  | 'film'
  | 'radionice';

export type TagSlug =
  | 'besplatno'
  | 'napolju'
  | 'za-decu'
  | 'uzivo'
  | 'dzez'
  | 'rok'
  | 'elektronska'
  | 'klasika'
  | 'pet-friendly'
  | 'pristupacno'
  | 'online'
  | 'premijera'
  | 'studentski-popust'
  | 'na-engleskom';
