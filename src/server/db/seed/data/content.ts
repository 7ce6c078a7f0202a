import type { PerformerPool } from './performers';
import type { CategorySlug, L4, TagSlug } from './types';

/**
 * Text templates for event titles and descriptions. Placeholders:
 *   {p} first performer / artist / home team   {q} second performer / away team
 *   {w} the work (play, film, exhibition, workshop topic, party or festival name)
 *   {v} venue name   {city} city   {inCity} "in <city>"   {ofCity} "of <city>"   {year} the year
 * A template is only used when every placeholder it names has a value (online events have no venue or city).
 */

const t = (sr: string, en: string, uk: string, ru: string): L4 => ({ sr, en, uk, ru });

export interface TitleTemplate {
  text: L4;
  /** Tags the title implies (a premiere, a show in English, live music). */
  tags?: readonly TagSlug[];
}

const T = (sr: string, en: string, uk: string, ru: string, tags?: readonly TagSlug[]): TitleTemplate => ({
  text: t(sr, en, uk, ru),
  tags,
});

export interface PerformerSpec {
  pool: PerformerPool;
  min: number;
  max: number;
  /** Whether they go into the event's `performers` (artists of an exhibition and sports teams do not). */
  listed: boolean;
}

export interface SubcategoryContent {
  titles: readonly TitleTemplate[];
  /** One sentence about this kind of event. */
  details: readonly L4[];
  works?: readonly L4[];
  performers?: PerformerSpec;
  /** Genre tags that fit, most fitting first. */
  tags: readonly TagSlug[];
  /** Replaces the category's opening sentences. */
  intros?: readonly L4[];
}

export interface CategoryContent {
  intros: readonly L4[];
  /** Opening sentences for online events (no venue, no city). */
  onlineIntros: readonly L4[];
  closings: readonly L4[];
  subcategories: Record<string, SubcategoryContent>;
}

export const CONTENT: Record<CategorySlug, CategoryContent> = {
  koncerti: {
    intros: [
      t(
        '{p} nastupa {inCity}, a koncert se održava u prostoru „{v}“.',
        'A concert by {p} {inCity}, hosted by {v}.',
        'Концерт {p} {inCity} на майданчику «{v}».',
        'Концерт {p} {inCity} на площадке «{v}».',
      ),
      t(
        'Veče uz muziku uživo: {p} na sceni „{v}“.',
        'An evening of live music: {p} on stage at {v}.',
        'Вечір живої музики: {p} на сцені «{v}».',
        'Вечер живой музыки: {p} на сцене «{v}».',
      ),
    ],
    onlineIntros: [
      t(
        '{p} izvodi koncert uživo iz studija, a prenos možete pratiti od kuće.',
        'A live studio concert by {p}, streamed so you can watch from home.',
        'Живий студійний концерт {p} з трансляцією, яку можна дивитися вдома.',
        'Живой студийный концерт {p} с трансляцией, которую можно смотреть из дома.',
      ),
    ],
    closings: [
      t(
        'Vrata se otvaraju sat vremena pre početka koncerta.',
        'Doors open an hour before the show.',
        'Двері відчиняються за годину до початку концерту.',
        'Двери открываются за час до начала концерта.',
      ),
      t(
        'Preporučujemo da dođete ranije i zauzmete dobro mesto.',
        'Come early to get a good spot.',
        'Радимо прийти заздалегідь, щоб зайняти гарне місце.',
        'Советуем прийти пораньше, чтобы занять хорошее место.',
      ),
    ],
    subcategories: {
      rok: {
        performers: { pool: 'rock', min: 1, max: 2, listed: true },
        tags: ['rok', 'uzivo', 'studentski-popust'],
        titles: [
          T('Rok veče: {p}', 'Rock Night: {p}', 'Рок-вечір: {p}', 'Рок-вечер: {p}'),
          T('{p} — koncert {inCity}', '{p} — Concert {inCity}', '{p} — концерт {inCity}', '{p} — концерт {inCity}'),
          T(
            '{p} — promocija novog albuma',
            '{p} — New Album Launch',
            '{p} — презентація нового альбому',
            '{p} — презентация нового альбома',
          ),
          T('{p} i {q}: rok koncert', '{p} & {q}: Rock Concert', '{p} і {q}: рок-концерт', '{p} и {q}: рок-концерт'),
        ],
        details: [
          t(
            'Očekuju vas glasne gitare, stari hitovi i nekoliko pesama koje još niko nije čuo.',
            'Expect loud guitars, old favourites and a few songs nobody has heard yet.',
            'На вас чекають гучні гітари, старі хіти й кілька пісень, яких ще ніхто не чув.',
            'Вас ждут громкие гитары, старые хиты и несколько песен, которых ещё никто не слышал.',
          ),
          t(
            'Bend svira presek celokupne karijere, od prvih demo snimaka do novog singla.',
            'The band plays songs from across its career, from the first demos to the new single.',
            'Гурт зіграє пісні з усієї кар’єри — від перших демо до нового синглу.',
            'Группа сыграет песни из всей карьеры — от первых демо до нового сингла.',
          ),
        ],
      },
      dzez: {
        performers: { pool: 'jazz', min: 1, max: 1, listed: true },
        tags: ['dzez', 'uzivo'],
        titles: [
          T('Džez veče: {p}', 'Jazz Evening: {p}', 'Джазовий вечір: {p}', 'Джазовый вечер: {p}'),
          T(
            '{p} — džez koncert {inCity}',
            '{p} — Jazz Concert {inCity}',
            '{p} — джазовий концерт {inCity}',
            '{p} — джазовый концерт {inCity}',
          ),
          T('Džez noći {ofCity}: {p}', '{city} Jazz Nights: {p}', 'Джазові ночі {ofCity}: {p}', 'Джазовые ночи {ofCity}: {p}'),
        ],
        details: [
          t(
            'Na programu su standardi iz zlatnog doba džeza i autorske kompozicije u novim aranžmanima.',
            'The programme mixes golden-age jazz standards with original tunes in new arrangements.',
            'У програмі — джазові стандарти золотої доби та авторські композиції в нових аранжуваннях.',
            'В программе — джазовые стандарты золотой эпохи и авторские композиции в новых аранжировках.',
          ),
          t(
            'Intimna atmosfera, improvizacija i solo deonice koje se pamte.',
            'An intimate atmosphere, improvisation and solos to remember.',
            'Камерна атмосфера, імпровізація та соло, які запам’ятовуються.',
            'Камерная атмосфера, импровизация и соло, которые запоминаются.',
          ),
        ],
      },
      klasika: {
        performers: { pool: 'classical', min: 1, max: 1, listed: true },
        tags: ['klasika', 'pristupacno'],
        titles: [
          T(
            '{p}: veče klasične muzike',
            '{p}: An Evening of Classical Music',
            '{p}: вечір класичної музики',
            '{p}: вечер классической музыки',
          ),
          T('Mocart i Betoven: {p}', 'Mozart & Beethoven: {p}', 'Моцарт і Бетховен: {p}', 'Моцарт и Бетховен: {p}'),
          T(
            'Koncert kamerne muzike: {p}',
            'Chamber Music Concert: {p}',
            'Концерт камерної музики: {p}',
            'Концерт камерной музыки: {p}',
          ),
        ],
        details: [
          t(
            'Na programu su dela Mocarta, Betovena i Stevana Mokranjca.',
            'The programme features works by Mozart, Beethoven and Stevan Mokranjac.',
            'У програмі — твори Моцарта, Бетховена та Стевана Мокранця.',
            'В программе — произведения Моцарта, Бетховена и Стевана Мокраньца.',
          ),
          t(
            'Koncert počinje kratkim uvodom o delima koja će se izvoditi.',
            'The concert opens with a short introduction to the pieces on the programme.',
            'Концерт розпочнеться коротким вступом про твори, що прозвучать.',
            'Концерт начнётся с короткого рассказа о произведениях, которые прозвучат.',
          ),
        ],
      },
      etno: {
        performers: { pool: 'folk', min: 1, max: 1, listed: true },
        tags: ['uzivo', 'pristupacno'],
        titles: [
          T('{p}: etno koncert', '{p}: Folk Concert', '{p}: етно-концерт', '{p}: этно-концерт'),
          T('Zvuci Balkana: {p}', 'Sounds of the Balkans: {p}', 'Звуки Балкан: {p}', 'Звуки Балкан: {p}'),
        ],
        details: [
          t(
            'Tradicionalne pesme iz Srbije i sa Balkana u modernom ruhu, uz tamburu, frulu i trube.',
            'Traditional songs from Serbia and the Balkans in a modern guise, with tamburica, flute and brass.',
            'Традиційні пісні Сербії та Балкан у сучасному звучанні — з тамбурою, сопілкою й трубами.',
            'Традиционные песни Сербии и Балкан в современном звучании — с тамбурой, свирелью и трубами.',
          ),
        ],
      },
      pop: {
        performers: { pool: 'pop', min: 1, max: 1, listed: true },
        tags: ['uzivo', 'studentski-popust'],
        titles: [
          T('{p} — veliki koncert', '{p} — Live in Concert', '{p} — великий концерт', '{p} — большой концерт'),
          T('{p}: turneja {year}', '{p}: {year} Tour', '{p}: тур {year}', '{p}: тур {year}'),
          T('{p} uživo {inCity}', '{p} Live {inCity}', '{p} наживо {inCity}', '{p} вживую {inCity}'),
        ],
        details: [
          t(
            'Svi najveći hitovi, nova produkcija svetla i gosti iznenađenja.',
            'All the biggest hits, a new light show and surprise guests.',
            'Усі найбільші хіти, нове світлове шоу та несподівані гості.',
            'Все главные хиты, новое световое шоу и гости-сюрпризы.',
          ),
          t(
            'Koncert je deo turneje kojom se predstavlja novi album.',
            'The show is part of the tour for the new album.',
            'Концерт є частиною туру на підтримку нового альбому.',
            'Концерт — часть тура в поддержку нового альбома.',
          ),
        ],
      },
    },
  },

  klubovi: {
    intros: [
      t(
        'Za pultom je {p}, a žurka u prostoru „{v}“ traje do kasno u noć.',
        '{p} is behind the decks, and the party at {v} goes on late into the night.',
        'За пультом — {p}, а вечірка у «{v}» триває до пізньої ночі.',
        'За пультом — {p}, а вечеринка в «{v}» продолжается до поздней ночи.',
      ),
      t(
        'Noćni izlazak {inCity}: {p} vodi plesni podijum u prostoru „{v}“.',
        'A night out {inCity}: {p} runs the dance floor at {v}.',
        'Нічний вихід {inCity}: {p} керує танцполом у «{v}».',
        'Ночной выход {inCity}: {p} управляет танцполом в «{v}».',
      ),
    ],
    onlineIntros: [
      t(
        '{p} pušta set uživo, a prenos možete pratiti od kuće.',
        '{p} plays a live set, streamed so you can dance at home.',
        '{p} грає живий сет, який транслюють онлайн.',
        '{p} играет живой сет, который транслируют онлайн.',
      ),
    ],
    closings: [
      t(
        'Ulaz je dozvoljen osobama starijim od 18 godina.',
        'Entry for guests aged 18 and over.',
        'Вхід лише для осіб від 18 років.',
        'Вход только для лиц старше 18 лет.',
      ),
      t(
        'Garderoba radi cele noći.',
        'The cloakroom is open all night.',
        'Гардероб працює всю ніч.',
        'Гардероб работает всю ночь.',
      ),
    ],
    subcategories: {
      elektronska: {
        performers: { pool: 'electronic', min: 1, max: 2, listed: true },
        tags: ['elektronska'],
        works: [t('Deep Dorćol', 'Deep Dorćol', 'Deep Dorćol', 'Deep Dorćol'), t('Bass Teorija', 'Bass Theory', 'Теорія басу', 'Теория баса'), t('Noćna smena', 'Night Shift', 'Нічна зміна', 'Ночная смена')],
        titles: [
          T('{w}: {p}', '{w}: {p}', '{w}: {p}', '{w}: {p}'),
          T('{w} — {p} i {q}', '{w} — {p} & {q}', '{w} — {p} і {q}', '{w} — {p} и {q}'),
          T('Tehno noć: {p}', 'Techno Night: {p}', 'Техно-ніч: {p}', 'Техно-ночь: {p}'),
        ],
        details: [
          t(
            'Tehno i haus set od ponoći do zore, uz novi zvučni sistem i svetlosnu instalaciju.',
            'A techno and house set from midnight till dawn, with a new sound system and light installation.',
            'Техно- і хаус-сет від півночі до світанку з новою звуковою системою та світловою інсталяцією.',
            'Техно- и хаус-сет с полуночи до рассвета с новой звуковой системой и световой инсталляцией.',
          ),
        ],
      },
      'hip-hop': {
        performers: { pool: 'hipHop', min: 1, max: 2, listed: true },
        tags: ['uzivo', 'studentski-popust'],
        works: [t('Blok parti', 'Block Party', 'Блок-паті', 'Блок-пати'), t('Flow noć', 'Flow Night', 'Ніч флоу', 'Ночь флоу')],
        titles: [
          T('Hip-hop žurka: {p}', 'Hip-hop Party: {p}', 'Хіп-хоп вечірка: {p}', 'Хип-хоп вечеринка: {p}'),
          T('{w}: {p}', '{w}: {p}', '{w}: {p}', '{w}: {p}'),
        ],
        details: [
          t(
            'Domaći i strani hip-hop, R&B i trep, a u ponoć kratak nastup uživo.',
            'Local and international hip-hop, R&B and trap, with a short live set at midnight.',
            'Місцевий і світовий хіп-хоп, ритм-енд-блюз і треп, а опівночі — короткий живий виступ.',
            'Местный и мировой хип-хоп, ритм-н-блюз и трэп, а в полночь — короткое живое выступление.',
          ),
        ],
      },
      retro: {
        performers: { pool: 'retro', min: 1, max: 1, listed: true },
        tags: ['uzivo'],
        titles: [
          T('Retro žurka: 80-e i 90-e', 'Retro Party: 80s & 90s', 'Ретро-вечірка: 80-ті та 90-ті', 'Ретро-вечеринка: 80-е и 90-е'),
          T('Jugo hitovi do jutra: {p}', 'Yugo Hits till Dawn: {p}', 'Югославські хіти до ранку: {p}', 'Югославские хиты до утра: {p}'),
          T('Disko groznica — {p}', 'Disco Fever — {p}', 'Диско-лихоманка — {p}', 'Диско-лихорадка — {p}'),
        ],
        details: [
          t(
            'Hitovi sa jugoslovenske scene, disko klasici i pesme koje svi znaju napamet.',
            'Hits from the Yugoslav scene, disco classics and songs everyone knows by heart.',
            'Хіти югославської сцени, диско-класика та пісні, які всі знають напам’ять.',
            'Хиты югославской сцены, диско-классика и песни, которые все знают наизусть.',
          ),
        ],
      },
    },
  },

  pozoriste: {
    intros: [
      t(
        'Predstava „{w}“ igra se {inCity}, na sceni „{v}“.',
        '{w} is on stage {inCity}, at {v}.',
        'Вистава «{w}» йде {inCity} на сцені «{v}».',
        'Спектакль «{w}» идёт {inCity} на сцене «{v}».',
      ),
      t(
        '„{w}“ na sceni „{v}“, u glavnim ulogama {p} i {q}.',
        '{w} at {v}, starring {p} and {q}.',
        '«{w}» на сцені «{v}», у головних ролях — {p} і {q}.',
        '«{w}» на сцене «{v}», в главных ролях — {p} и {q}.',
      ),
    ],
    onlineIntros: [
      t(
        'Snimak predstave „{w}“ prikazuje se onlajn.',
        'A recording of {w} is shown online.',
        'Запис вистави «{w}» показують онлайн.',
        'Запись спектакля «{w}» показывают онлайн.',
      ),
    ],
    closings: [
      t(
        'Posle početka predstave ulaz u salu nije moguć.',
        'Latecomers cannot be admitted once the performance has begun.',
        'Після початку вистави вхід до зали неможливий.',
        'После начала спектакля вход в зал невозможен.',
      ),
      t(
        'Predstava traje sa pauzom.',
        'The performance includes an interval.',
        'Вистава йде з антрактом.',
        'Спектакль идёт с антрактом.',
      ),
    ],
    subcategories: {
      drama: {
        performers: { pool: 'cast', min: 2, max: 3, listed: true },
        tags: ['pristupacno'],
        works: [
          t('Hamlet', 'Hamlet', 'Гамлет', 'Гамлет'),
          t('Galeb', 'The Seagull', 'Чайка', 'Чайка'),
          t('Tri sestre', 'Three Sisters', 'Три сестри', 'Три сестры'),
          t('Kuća na kraju ulice', 'The House at the End of the Street', 'Будинок у кінці вулиці', 'Дом в конце улицы'),
          t('Poslednji tramvaj', 'The Last Tram', 'Останній трамвай', 'Последний трамвай'),
        ],
        titles: [
          T('{w}', '{w}', '{w}', '{w}'),
          T('{w} — premijera', '{w} — Premiere', '{w} — прем’єра', '{w} — премьера', ['premijera']),
          T('Gostovanje: {w}', 'On Tour: {w}', 'Гастролі: {w}', 'Гастроли: {w}'),
        ],
        details: [
          t(
            'Savremeno čitanje klasičnog teksta o porodici, ambiciji i ceni koju plaćamo za svoje izbore.',
            'A contemporary reading of a classic about family, ambition and the price of our choices.',
            'Сучасне прочитання класичного тексту про родину, амбіції та ціну наших виборів.',
            'Современное прочтение классического текста о семье, амбициях и цене наших решений.',
          ),
          t(
            'Predstava je nagrađena na Sterijinom pozorju za režiju i scenografiju.',
            'The production won awards for directing and set design at the Sterijino pozorje festival.',
            'Вистава отримала нагороди за режисуру та сценографію на фестивалі «Стерийне позор’є».',
            'Спектакль получил награды за режиссуру и сценографию на фестивале «Стерийно позорье».',
          ),
        ],
      },
      komedija: {
        performers: { pool: 'cast', min: 2, max: 3, listed: true },
        tags: ['pristupacno'],
        works: [
          t('Gospođa ministarka', 'The Minister’s Wife', 'Пані міністерша', 'Госпожа министерша'),
          t('Sumnjivo lice', 'A Suspicious Character', 'Підозріла особа', 'Подозрительная личность'),
          t('Pokojnik', 'The Deceased', 'Покійник', 'Покойник'),
          t('Svadba na Dorćolu', 'A Dorćol Wedding', 'Весілля на Дорчолі', 'Свадьба на Дорчоле'),
        ],
        titles: [
          T('{w}', '{w}', '{w}', '{w}'),
          T('Komedija „{w}“', 'Comedy: {w}', 'Комедія «{w}»', 'Комедия «{w}»'),
        ],
        details: [
          t(
            'Nušićeva oštra satira o vlasti i malim ljudima i danas je smešna koliko i pre sto godina.',
            'Nušić’s sharp satire of power and ordinary people is as funny today as it was a century ago.',
            'Гостра сатира Нушича про владу й маленьких людей і сьогодні смішна, як сто років тому.',
            'Острая сатира Нушича о власти и маленьких людях и сегодня смешна, как сто лет назад.',
          ),
          t(
            'Komedija zabune sa brzim dijalozima i glumcima u punoj formi.',
            'A comedy of errors with quick-fire dialogue and a cast on top form.',
            'Комедія помилок зі швидкими діалогами та акторами в чудовій формі.',
            'Комедия ошибок с быстрыми диалогами и актёрами в отличной форме.',
          ),
        ],
      },
      mjuzikl: {
        performers: { pool: 'cast', min: 2, max: 3, listed: true },
        tags: ['uzivo'],
        works: [
          t('Ulica snova', 'Street of Dreams', 'Вулиця мрій', 'Улица мечты'),
          t('Dorćolska priča', 'A Dorćol Story', 'Дорчольська історія', 'Дорчольская история'),
          t('Leto na Dunavu', 'Summer on the Danube', 'Літо на Дунаї', 'Лето на Дунае'),
        ],
        titles: [
          T('Mjuzikl „{w}“', 'The Musical: {w}', 'Мюзикл «{w}»', 'Мюзикл «{w}»'),
          T('{w} — premijera mjuzikla', '{w} — Musical Premiere', '{w} — прем’єра мюзиклу', '{w} — премьера мюзикла', ['premijera']),
        ],
        details: [
          t(
            'Živi orkestar, trideset izvođača na sceni i pesme koje ćete pevušiti danima.',
            'A live orchestra, thirty performers on stage and songs you will hum for days.',
            'Живий оркестр, тридцять артистів на сцені та пісні, які ви наспівуватимете ще кілька днів.',
            'Живой оркестр, тридцать артистов на сцене и песни, которые вы будете напевать ещё несколько дней.',
          ),
        ],
      },
      balet: {
        performers: { pool: 'dancers', min: 2, max: 2, listed: true },
        tags: ['klasika', 'uzivo'],
        works: [
          t('Labuđe jezero', 'Swan Lake', 'Лебедине озеро', 'Лебединое озеро'),
          t('Žizel', 'Giselle', 'Жізель', 'Жизель'),
          t('Romeo i Julija', 'Romeo and Juliet', 'Ромео і Джульєтта', 'Ромео и Джульетта'),
          t('Bolero', 'Boléro', 'Болеро', 'Болеро'),
        ],
        titles: [
          T('Balet „{w}“', 'Ballet: {w}', 'Балет «{w}»', 'Балет «{w}»'),
          T('{w}', '{w}', '{w}', '{w}'),
        ],
        details: [
          t(
            'Klasična koreografija u izvođenju baletskog ansambla, uz orkestar uživo.',
            'Classical choreography danced by the ballet company, with a live orchestra.',
            'Класична хореографія у виконанні балетної трупи під живий оркестр.',
            'Классическая хореография в исполнении балетной труппы под живой оркестр.',
          ),
        ],
      },
    },
  },

  sport: {
    intros: [
      t(
        '{p} i {q} sastaju se {inCity}, a utakmica se igra u prostoru „{v}“.',
        '{p} meet {q} {inCity}; the match is played at {v}.',
        '{p} і {q} зустрічаються {inCity}, матч пройде на майданчику «{v}».',
        '{p} и {q} встречаются {inCity}, матч пройдёт на площадке «{v}».',
      ),
    ],
    onlineIntros: [],
    closings: [
      t(
        'Blagajna se otvara dva sata pre početka.',
        'The ticket office opens two hours before the start.',
        'Каса відкривається за дві години до початку.',
        'Касса открывается за два часа до начала.',
      ),
      t(
        'Dođite ranije — atmosfera na tribinama počinje pre prvog zvižduka.',
        'Come early — the atmosphere in the stands starts before kick-off.',
        'Приходьте раніше — атмосфера на трибунах починається ще до стартового свистка.',
        'Приходите пораньше — атмосфера на трибунах начинается ещё до стартового свистка.',
      ),
    ],
    subcategories: {
      fudbal: {
        performers: { pool: 'footballTeams', min: 2, max: 2, listed: false },
        tags: ['napolju', 'pristupacno'],
        titles: [
          T('Fudbal: {p} — {q}', 'Football: {p} vs {q}', 'Футбол: {p} — {q}', 'Футбол: {p} — {q}'),
          T(
            'Prijateljska utakmica: {p} — {q}',
            'Friendly Match: {p} vs {q}',
            'Товариський матч: {p} — {q}',
            'Товарищеский матч: {p} — {q}',
          ),
        ],
        details: [
          t(
            'Derbi kola u borbi za vrh tabele, uz porodičnu tribinu i navijače oba kluba.',
            'The derby of the round in the race for the top of the table, with a family stand and fans of both clubs.',
            'Дербі туру в боротьбі за верхівку таблиці, із сімейною трибуною та вболівальниками обох клубів.',
            'Дерби тура в борьбе за вершину таблицы, с семейной трибуной и болельщиками обоих клубов.',
          ),
        ],
      },
      kosarka: {
        performers: { pool: 'basketballTeams', min: 2, max: 2, listed: false },
        tags: ['pristupacno', 'studentski-popust'],
        titles: [
          T('Košarka: {p} — {q}', 'Basketball: {p} vs {q}', 'Баскетбол: {p} — {q}', 'Баскетбол: {p} — {q}'),
          T(
            'Kup {ofCity} u košarci: {p} — {q}',
            '{city} Basketball Cup: {p} vs {q}',
            'Кубок {ofCity} з баскетболу: {p} — {q}',
            'Кубок {ofCity} по баскетболу: {p} — {q}',
          ),
        ],
        details: [
          t(
            'Brza igra, puna dvorana i poluvreme sa takmičenjem u šutiranju za publiku.',
            'Fast basketball, a full hall and a half-time shooting contest for the crowd.',
            'Швидка гра, повна зала та конкурс кидків для глядачів у перерві.',
            'Быстрая игра, полный зал и конкурс бросков для зрителей в перерыве.',
          ),
        ],
      },
      trcanje: {
        tags: ['napolju', 'pet-friendly', 'pristupacno'],
        intros: [
          t(
            'Start i cilj su kod lokacije „{v}“, a staza je pogodna i za rekreativce.',
            'Start and finish are at {v}, and the course suits recreational runners too.',
            'Старт і фініш — біля «{v}», траса підходить і для аматорів.',
            'Старт и финиш — у «{v}», трасса подходит и для любителей.',
          ),
        ],
        titles: [
          T('Gradska trka {ofCity}', '{city} City Run', 'Міський забіг {ofCity}', 'Городской забег {ofCity}'),
          T('Humanitarna trka 5 km', 'Charity 5K Run', 'Благодійний забіг на 5 км', 'Благотворительный забег на 5 км'),
          T('Trka uz reku', 'Riverside Run', 'Забіг уздовж річки', 'Забег вдоль реки'),
        ],
        details: [
          t(
            'Trke na 5 i 10 kilometara, sa merenjem vremena, medaljama i osveženjem na cilju.',
            '5 km and 10 km races with timing, medals and refreshments at the finish.',
            'Забіги на 5 і 10 кілометрів з хронометражем, медалями та напоями на фініші.',
            'Забеги на 5 и 10 километров с хронометражем, медалями и напитками на финише.',
          ),
        ],
      },
      odbojka: {
        performers: { pool: 'volleyballTeams', min: 2, max: 2, listed: false },
        tags: ['pristupacno'],
        titles: [
          T('Odbojka: {p} — {q}', 'Volleyball: {p} vs {q}', 'Волейбол: {p} — {q}', 'Волейбол: {p} — {q}'),
          T(
            'Turnir u rekreativnoj odbojci',
            'Recreational Volleyball Tournament',
            'Турнір з аматорського волейболу',
            'Турнир по любительскому волейболу',
          ),
        ],
        details: [
          t(
            'Ekipe igraju na dva dobijena seta, a između mečeva publiku zabavlja DJ.',
            'Teams play best of three sets, and a DJ keeps the crowd going between matches.',
            'Команди грають до двох виграних сетів, а між матчами публіку розважає діджей.',
            'Команды играют до двух выигранных сетов, а между матчами публику развлекает диджей.',
          ),
        ],
        intros: [
          t(
            'Odbojkaški program {inCity}, u prostoru „{v}“.',
            'Volleyball {inCity}, at {v}.',
            'Волейбол {inCity} на майданчику «{v}».',
            'Волейбол {inCity} на площадке «{v}».',
          ),
        ],
      },
    },
  },

  deca: {
    intros: [
      t(
        'Program za najmlađe {inCity}: „{w}“ u prostoru „{v}“.',
        'A programme for the youngest {inCity}: {w} at {v}.',
        'Програма для наймолодших {inCity}: «{w}» у «{v}».',
        'Программа для самых маленьких {inCity}: «{w}» в «{v}».',
      ),
    ],
    onlineIntros: [],
    closings: [
      t(
        'Roditelji mogu da ostanu uz decu tokom celog programa.',
        'Parents are welcome to stay with their children throughout.',
        'Батьки можуть залишатися з дітьми впродовж усієї програми.',
        'Родители могут оставаться с детьми на протяжении всей программы.',
      ),
      t(
        'Prostor je prilagođen kolicima za bebe.',
        'The venue is accessible with prams and pushchairs.',
        'Простір пристосований для дитячих візочків.',
        'Пространство приспособлено для детских колясок.',
      ),
    ],
    subcategories: {
      predstave: {
        tags: ['za-decu', 'pristupacno'],
        works: [
          t('Crvenkapa', 'Little Red Riding Hood', 'Червона Шапочка', 'Красная Шапочка'),
          t('Pepeljuga', 'Cinderella', 'Попелюшка', 'Золушка'),
          t('Tri praseta', 'The Three Little Pigs', 'Троє поросят', 'Три поросёнка'),
          t('Ivica i Marica', 'Hansel and Gretel', 'Гензель і Гретель', 'Гензель и Гретель'),
          t('Mačak u čizmama', 'Puss in Boots', 'Кіт у чоботях', 'Кот в сапогах'),
        ],
        titles: [
          T('{w}', '{w}', '{w}', '{w}'),
          T('Lutkarsko pozorište: {w}', 'Puppet Theatre: {w}', 'Ляльковий театр: {w}', 'Кукольный театр: {w}'),
          T('{w} — predstava za decu', '{w} — a Show for Children', '{w} — вистава для дітей', '{w} — спектакль для детей'),
        ],
        details: [
          t(
            'Omiljena bajka ispričana uz lutke, pesmu i mnogo humora, za decu od tri godine.',
            'A favourite fairy tale told with puppets, songs and plenty of humour, for children aged three and up.',
            'Улюблена казка з ляльками, піснями та гумором для дітей від трьох років.',
            'Любимая сказка с куклами, песнями и юмором для детей от трёх лет.',
          ),
        ],
      },
      radionice: {
        tags: ['za-decu'],
        works: [
          t('Mali naučnici', 'Little Scientists', 'Маленькі науковці', 'Маленькие учёные'),
          t('Slikanje prstima', 'Finger Painting', 'Малювання пальчиками', 'Рисование пальчиками'),
          t('Pravimo robota', 'Let’s Build a Robot', 'Будуємо робота', 'Строим робота'),
          t('Mali kuvari', 'Little Chefs', 'Маленькі кухарі', 'Маленькие повара'),
        ],
        titles: [
          T('Radionica za decu: {w}', 'Kids’ Workshop: {w}', 'Майстер-клас для дітей: {w}', 'Мастер-класс для детей: {w}'),
          T('{w} (od 6 do 10 godina)', '{w} (ages 6–10)', '{w} (6–10 років)', '{w} (6–10 лет)'),
        ],
        details: [
          t(
            'Deca uče kroz igru, a sav materijal obezbeđuju voditelji radionice.',
            'Children learn through play, and the hosts provide all materials.',
            'Діти навчаються граючись, а всі матеріали надають ведучі.',
            'Дети учатся играя, а все материалы предоставляют ведущие.',
          ),
        ],
      },
      porodicno: {
        tags: ['za-decu', 'pet-friendly'],
        works: [
          t('Lov na blago za celu porodicu', 'Family Treasure Hunt', 'Пошук скарбів для всієї родини', 'Охота за сокровищами для всей семьи'),
          t('Cirkus za mališane', 'Circus for Little Ones', 'Цирк для малечі', 'Цирк для малышей'),
          t('Dan društvenih igara', 'Board Game Day', 'День настільних ігор', 'День настольных игр'),
        ],
        titles: [
          T('{w}', '{w}', '{w}', '{w}'),
          T('Porodični dan {inCity}', 'Family Day {inCity}', 'Сімейний день {inCity}', 'Семейный день {inCity}'),
        ],
        details: [
          t(
            'Igre, takmičenja i mali pokloni za sve uzraste, od vrtića do osnovne škole.',
            'Games, contests and small prizes for all ages, from nursery to primary school.',
            'Ігри, конкурси та маленькі подарунки для всіх віків — від садочка до початкової школи.',
            'Игры, конкурсы и маленькие подарки для всех возрастов — от детского сада до начальной школы.',
          ),
        ],
      },
    },
  },

  izlozbe: {
    intros: [
      t(
        '{v} predstavlja izložbu „{w}“.',
        '{v} presents the exhibition {w}.',
        '«{v}» представляє виставку «{w}».',
        '«{v}» представляет выставку «{w}».',
      ),
      t(
        'Izložba „{w}“ otvara se {inCity}, u prostoru „{v}“.',
        'The exhibition {w} opens {inCity}, at {v}.',
        'Виставка «{w}» відкривається {inCity} у «{v}».',
        'Выставка «{w}» открывается {inCity} в «{v}».',
      ),
    ],
    onlineIntros: [
      t(
        'Izložba „{w}“ dostupna je i kao onlajn vođena tura.',
        'The exhibition {w} is also available as an online guided tour.',
        'Виставка «{w}» доступна також як онлайн-екскурсія.',
        'Выставка «{w}» доступна и в виде онлайн-экскурсии.',
      ),
    ],
    closings: [
      t(
        'Kustoska vođenja su u 18 časova, bez prethodne prijave.',
        'Curator-led tours start at 6 pm, no booking needed.',
        'Кураторські екскурсії — о 18:00, без попереднього запису.',
        'Кураторские экскурсии — в 18:00, без предварительной записи.',
      ),
      t(
        'Fotografisanje bez blica je dozvoljeno.',
        'Photography without flash is allowed.',
        'Фотографувати без спалаху дозволено.',
        'Фотографировать без вспышки разрешено.',
      ),
    ],
    subcategories: {
      'savremena-umetnost': {
        performers: { pool: 'artists', min: 1, max: 1, listed: false },
        tags: ['pristupacno'],
        works: [
          t('Svetlost Dunava', 'Danube Light', 'Світло Дунаю', 'Свет Дуная'),
          t('Tihi gradovi', 'Silent Cities', 'Тихі міста', 'Тихие города'),
          t('Između linija', 'Between the Lines', 'Між лініями', 'Между линиями'),
          t('Boje noći', 'Colours of the Night', 'Кольори ночі', 'Цвета ночи'),
        ],
        titles: [
          T('{p}: {w}', '{p}: {w}', '{p}: {w}', '{p}: {w}'),
          T('Otvaranje izložbe „{w}“', 'Opening: {w}', 'Відкриття виставки «{w}»', 'Открытие выставки «{w}»'),
        ],
        details: [
          t(
            'Slike, instalacije i video radovi istražuju grad, reku i ljude koji žive uz nju.',
            'Paintings, installations and video works explore the city, the river and the people who live by it.',
            'Живопис, інсталяції та відеороботи досліджують місто, річку й людей, які живуть поруч із нею.',
            'Живопись, инсталляции и видеоработы исследуют город, реку и людей, которые живут рядом с ней.',
          ),
        ],
      },
      fotografija: {
        performers: { pool: 'artists', min: 1, max: 1, listed: false },
        tags: ['pristupacno'],
        works: [
          t('Ulice Balkana', 'Streets of the Balkans', 'Вулиці Балкан', 'Улицы Балкан'),
          t('Lica grada', 'Faces of the City', 'Обличчя міста', 'Лица города'),
          t('Reka', 'The River', 'Ріка', 'Река'),
        ],
        titles: [
          T('Izložba fotografija „{w}“', 'Photo Exhibition: {w}', 'Фотовиставка «{w}»', 'Фотовыставка «{w}»'),
          T('{p}: {w}', '{p}: {w}', '{p}: {w}', '{p}: {w}'),
        ],
        details: [
          t(
            'Više od šezdeset crno-belih i kolor fotografija nastalih tokom deset godina putovanja.',
            'More than sixty black-and-white and colour photographs taken over ten years of travel.',
            'Понад шістдесят чорно-білих і кольорових фотографій, знятих за десять років подорожей.',
            'Более шестидесяти чёрно-белых и цветных фотографий, снятых за десять лет путешествий.',
          ),
        ],
      },
      istorija: {
        tags: ['pristupacno', 'za-decu'],
        works: [
          t('Beograd kroz vekove', 'Belgrade Through the Centuries', 'Белград крізь століття', 'Белград сквозь века'),
          t('Rimsko nasleđe Srbije', 'Roman Heritage of Serbia', 'Римська спадщина Сербії', 'Римское наследие Сербии'),
          t('Tesla i svet struje', 'Tesla and the World of Electricity', 'Тесла і світ електрики', 'Тесла и мир электричества'),
          t('Dunav — reka civilizacija', 'The Danube — River of Civilisations', 'Дунай — ріка цивілізацій', 'Дунай — река цивилизаций'),
        ],
        titles: [
          T('Izložba „{w}“', 'Exhibition: {w}', 'Виставка «{w}»', 'Выставка «{w}»'),
          T('{w}', '{w}', '{w}', '{w}'),
        ],
        details: [
          t(
            'Predmeti iz muzejskih zbirki, mape i interaktivni ekrani pričaju priču kroz vekove.',
            'Objects from museum collections, maps and interactive screens tell the story through the centuries.',
            'Предмети з музейних колекцій, мапи та інтерактивні екрани розповідають історію крізь століття.',
            'Предметы из музейных коллекций, карты и интерактивные экраны рассказывают историю сквозь века.',
          ),
        ],
      },
      dizajn: {
        tags: ['pristupacno'],
        works: [
          t('Jugoslovenski dizajn 1950–1990', 'Yugoslav Design 1950–1990', 'Югославський дизайн 1950–1990', 'Югославский дизайн 1950–1990'),
          t('Plakat kao umetnost', 'The Poster as Art', 'Плакат як мистецтво', 'Плакат как искусство'),
          t('Nova srpska tipografija', 'New Serbian Typography', 'Нова сербська типографіка', 'Новая сербская типографика'),
        ],
        titles: [
          T('Izložba „{w}“', 'Exhibition: {w}', 'Виставка «{w}»', 'Выставка «{w}»'),
          T('Otvaranje izložbe „{w}“', 'Opening: {w}', 'Відкриття виставки «{w}»', 'Открытие выставки «{w}»'),
        ],
        details: [
          t(
            'Nameštaj, plakati i predmeti svakodnevne upotrebe koji su oblikovali jednu epohu.',
            'Furniture, posters and everyday objects that shaped an era.',
            'Меблі, плакати та повсякденні речі, що сформували цілу епоху.',
            'Мебель, плакаты и повседневные вещи, которые сформировали целую эпоху.',
          ),
        ],
      },
    },
  },

  festivali: {
    intros: [
      t(
        '{w} okuplja posetioce {inCity}, ovog puta u prostoru „{v}“.',
        '{w} brings people together {inCity}, this time at {v}.',
        '{w} збирає гостей {inCity}, цього разу — у «{v}».',
        '{w} собирает гостей {inCity}, на этот раз — в «{v}».',
      ),
    ],
    onlineIntros: [],
    closings: [
      t(
        'Program traje do kasno uveče, a ulaz je moguć u bilo koje vreme.',
        'The programme runs until late, and you can come and go as you like.',
        'Програма триває до пізнього вечора, прийти можна будь-коли.',
        'Программа длится до позднего вечера, прийти можно в любое время.',
      ),
      t(
        'Na festivalu su i zona za decu i štandovi lokalnih proizvođača.',
        'There is also a kids’ zone and stalls from local producers.',
        'На фестивалі також є дитяча зона та ятки місцевих виробників.',
        'На фестивале также есть детская зона и лавки местных производителей.',
      ),
    ],
    subcategories: {
      muzicki: {
        tags: ['uzivo', 'napolju'],
        works: [
          t('Festival ulične svirke', 'Street Music Festival', 'Фестиваль вуличної музики', 'Фестиваль уличной музыки'),
          t('Dunav Sound festival', 'Danube Sound Festival', 'Фестиваль «Звук Дунаю»', 'Фестиваль «Звук Дуная»'),
          t('Festival džeza na otvorenom', 'Open-Air Jazz Festival', 'Фестиваль джазу просто неба', 'Фестиваль джаза под открытым небом'),
        ],
        titles: [
          T('{w} {year}', '{w} {year}', '{w} {year}', '{w} {year}'),
          T('{w} {inCity}', '{w} {inCity}', '{w} {inCity}', '{w} {inCity}'),
        ],
        details: [
          t(
            'Desetak bendova na dve bine, od džeza i roka do elektronike.',
            'A dozen bands on two stages, from jazz and rock to electronica.',
            'Десяток гуртів на двох сценах — від джазу й року до електроніки.',
            'Десяток групп на двух сценах — от джаза и рока до электроники.',
          ),
        ],
      },
      gastro: {
        tags: ['napolju', 'pet-friendly'],
        works: [
          t('Festival vina i sira', 'Wine & Cheese Festival', 'Фестиваль вина і сиру', 'Фестиваль вина и сыра'),
          t('Festival ulične hrane', 'Street Food Festival', 'Фестиваль вуличної їжі', 'Фестиваль уличной еды'),
          t('Festival craft piva', 'Craft Beer Festival', 'Фестиваль крафтового пива', 'Фестиваль крафтового пива'),
        ],
        titles: [
          T('{w} {year}', '{w} {year}', '{w} {year}', '{w} {year}'),
          T('{w} {inCity}', '{w} {inCity}', '{w} {inCity}', '{w} {inCity}'),
        ],
        details: [
          t(
            'Više od četrdeset izlagača, degustacije i kuvanje uživo sa poznatim kuvarima.',
            'More than forty exhibitors, tastings and live cooking with well-known chefs.',
            'Понад сорок учасників, дегустації та кулінарні шоу з відомими кухарями.',
            'Более сорока участников, дегустации и кулинарные шоу с известными поварами.',
          ),
        ],
      },
      kulturni: {
        tags: ['pristupacno', 'za-decu'],
        works: [
          t('Festival uličnog pozorišta', 'Street Theatre Festival', 'Фестиваль вуличного театру', 'Фестиваль уличного театра'),
          t('Noć knjige', 'Book Night', 'Ніч книги', 'Ночь книги'),
          t('Festival svetla', 'Festival of Light', 'Фестиваль світла', 'Фестиваль света'),
        ],
        titles: [
          T('{w} {year}', '{w} {year}', '{w} {year}', '{w} {year}'),
          T('{w} {inCity}', '{w} {inCity}', '{w} {inCity}', '{w} {inCity}'),
        ],
        details: [
          t(
            'Predstave, čitanja i svetlosne instalacije na otvorenom, za sve generacije.',
            'Performances, readings and light installations in the open air, for all generations.',
            'Вистави, читання та світлові інсталяції просто неба для всіх поколінь.',
            'Спектакли, чтения и световые инсталляции под открытым небом для всех поколений.',
          ),
        ],
      },
    },
  },

  'stand-up': {
    intros: [
      t(
        'Na sceni „{v}“ {inCity} nastupa {p}, sa sat i po novog materijala.',
        '{p} takes the stage at {v} {inCity} with ninety minutes of new material.',
        '{p} виходить на сцену «{v}» {inCity} з півторагодинною новою програмою.',
        '{p} выходит на сцену «{v}» {inCity} с полуторачасовой новой программой.',
      ),
    ],
    onlineIntros: [
      t(
        '{p} nastupa uživo pred kamerama, a prenos možete gledati od kuće.',
        '{p} performs live on camera, and you can watch the stream from home.',
        '{p} виступає наживо перед камерами, а трансляцію можна дивитися вдома.',
        '{p} выступает вживую перед камерами, а трансляцию можно смотреть из дома.',
      ),
    ],
    closings: [
      t(
        'Program je namenjen publici starijoj od 16 godina.',
        'Recommended for audiences aged 16 and over.',
        'Програма розрахована на глядачів від 16 років.',
        'Программа рассчитана на зрителей старше 16 лет.',
      ),
      t(
        'Bar radi pre i posle nastupa.',
        'The bar is open before and after the show.',
        'Бар працює до і після виступу.',
        'Бар работает до и после выступления.',
      ),
    ],
    subcategories: {
      'stand-up': {
        performers: { pool: 'comedians', min: 1, max: 2, listed: true },
        tags: ['studentski-popust', 'na-engleskom'],
        titles: [
          T('{p}: stand-up veče', '{p}: Stand-up Night', '{p}: стендап-вечір', '{p}: стендап-вечер'),
          T('{p} — novi solo program', '{p} — New Solo Show', '{p} — нова сольна програма', '{p} — новая сольная программа'),
          T('Stand-up {inCity}: {p} i {q}', 'Stand-up {inCity}: {p} & {q}', 'Стендап {inCity}: {p} і {q}', 'Стендап {inCity}: {p} и {q}'),
          T('{p}: stand-up na engleskom', '{p}: Stand-up in English', '{p}: стендап англійською', '{p}: стендап на английском', ['na-engleskom']),
        ],
        details: [
          t(
            'Priče o porodici, gradskom prevozu i životu u tridesetim — bez cenzure i bez milosti.',
            'Stories about family, public transport and life in your thirties — uncensored and merciless.',
            'Історії про родину, міський транспорт і життя після тридцяти — без цензури та жалю.',
            'Истории о семье, городском транспорте и жизни после тридцати — без цензуры и жалости.',
          ),
        ],
      },
      impro: {
        performers: { pool: 'improGroups', min: 1, max: 2, listed: true },
        tags: ['studentski-popust'],
        titles: [
          T('Impro predstava: {p}', 'Improv Show: {p}', 'Імпровізаційне шоу: {p}', 'Импровизационное шоу: {p}'),
          T('Impro liga: {p} protiv {q}', 'Improv League: {p} vs {q}', 'Імпро-ліга: {p} проти {q}', 'Импро-лига: {p} против {q}'),
        ],
        details: [
          t(
            'Nijedna scena nije napisana unapred — publika daje teme, a glumci improvizuju.',
            'Not a single scene is scripted — the audience suggests topics and the actors improvise.',
            'Жодна сцена не написана заздалегідь — глядачі пропонують теми, а актори імпровізують.',
            'Ни одна сцена не написана заранее — зрители предлагают темы, а актёры импровизируют.',
          ),
        ],
      },
      'open-mic': {
        performers: { pool: 'comedians', min: 1, max: 1, listed: true },
        tags: ['studentski-popust', 'na-engleskom'],
        intros: [
          t(
            'Voditelj večeri je {p}, a mikrofon u prostoru „{v}“ otvoren je za sve hrabre.',
            '{p} hosts the night, and the mic at {v} is open to anyone brave enough.',
            'Веде вечір {p}, а мікрофон у «{v}» відкритий для всіх сміливих.',
            'Ведёт вечер {p}, а микрофон в «{v}» открыт для всех смелых.',
          ),
        ],
        titles: [
          T('Open mic komedije', 'Comedy Open Mic', 'Комедійний відкритий мікрофон', 'Комедийный открытый микрофон'),
          T('Open mic veče {inCity}', 'Open Mic Night {inCity}', 'Вечір відкритого мікрофона {inCity}', 'Вечер открытого микрофона {inCity}'),
          T('Open mic — voditelj: {p}', 'Open Mic hosted by {p}', 'Відкритий мікрофон — веде {p}', 'Открытый микрофон — ведёт {p}'),
        ],
        details: [
          t(
            'Svaki komičar ima pet minuta; prijave za nastup primaju se na licu mesta.',
            'Every comic gets five minutes; sign-up for a slot is at the door.',
            'Кожен комік має п’ять хвилин; записатися на виступ можна на місці.',
            'У каждого комика пять минут; записаться на выступление можно на месте.',
          ),
        ],
      },
    },
  },

  film: {
    intros: [
      t('{v} prikazuje film „{w}“.', '{v} screens {w}.', '«{v}» показує фільм «{w}».', '«{v}» показывает фильм «{w}».'),
      t(
        'Projekcija filma „{w}“ {inCity}, u sali „{v}“.',
        'A screening of {w} {inCity}, at {v}.',
        'Показ фільму «{w}» {inCity} у залі «{v}».',
        'Показ фильма «{w}» {inCity} в зале «{v}».',
      ),
    ],
    onlineIntros: [
      t(
        'Film „{w}“ prikazuje se onlajn, uz razgovor sa autorima posle projekcije.',
        '{w} screens online, followed by a conversation with the filmmakers.',
        'Фільм «{w}» показують онлайн, після показу — розмова з авторами.',
        'Фильм «{w}» показывают онлайн, после показа — разговор с авторами.',
      ),
    ],
    closings: [
      t(
        'Film se prikazuje u originalu sa titlom na srpskom i engleskom.',
        'The film is shown in the original language with Serbian and English subtitles.',
        'Фільм демонструється мовою оригіналу із сербськими та англійськими субтитрами.',
        'Фильм демонстрируется на языке оригинала с сербскими и английскими субтитрами.',
      ),
      t(
        'Posle projekcije sledi kratak razgovor sa publikom.',
        'The screening is followed by a short Q&A.',
        'Після показу — коротке спілкування з глядачами.',
        'После показа — короткое обсуждение со зрителями.',
      ),
    ],
    subcategories: {
      premijere: {
        tags: ['premijera', 'na-engleskom'],
        works: [
          t('Tiha reka', 'Silent River', 'Тиха ріка', 'Тихая река'),
          t('Leto bez kraja', 'Endless Summer', 'Нескінченне літо', 'Бесконечное лето'),
          t('Poslednji voz za Suboticu', 'The Last Train to Subotica', 'Останній потяг до Суботиці', 'Последний поезд в Суботицу'),
          t('Senke nad Savom', 'Shadows over the Sava', 'Тіні над Савою', 'Тени над Савой'),
        ],
        titles: [
          T('Premijera: {w}', 'Premiere: {w}', 'Прем’єра: {w}', 'Премьера: {w}', ['premijera']),
          T('{w}', '{w}', '{w}', '{w}'),
          T(
            '{w} — pretpremijera uz razgovor sa autorima',
            '{w} — Preview and Q&A with the Filmmakers',
            '{w} — допрем’єрний показ і зустріч з авторами',
            '{w} — предпремьерный показ и встреча с авторами',
            ['premijera'],
          ),
        ],
        details: [
          t(
            'Novi domaći film o prijateljstvu, gubitku i povratku kući, snimljen u Vojvodini i Beogradu.',
            'A new Serbian film about friendship, loss and coming home, shot in Vojvodina and Belgrade.',
            'Новий сербський фільм про дружбу, втрату й повернення додому, знятий у Воєводині та Белграді.',
            'Новый сербский фильм о дружбе, потере и возвращении домой, снятый в Воеводине и Белграде.',
          ),
        ],
      },
      klasici: {
        tags: ['pristupacno', 'studentski-popust'],
        works: [
          t('Metropolis', 'Metropolis', 'Метрополіс', 'Метрополис'),
          t('Nosferatu', 'Nosferatu', 'Носферату', 'Носферату'),
          t('Kabinet doktora Kaligarija', 'The Cabinet of Dr Caligari', 'Кабінет доктора Калігарі', 'Кабинет доктора Калигари'),
          t('Svetla velegrada', 'City Lights', 'Вогні великого міста', 'Огни большого города'),
        ],
        titles: [
          T('Filmski klasici: {w}', 'Film Classics: {w}', 'Класика кіно: {w}', 'Классика кино: {w}'),
          T('{w} uz živu muziku', '{w} with Live Music', '{w} з живою музикою', '{w} с живой музыкой', ['uzivo']),
        ],
        details: [
          t(
            'Restaurirana kopija remek-dela nemog filma, onako kako ga je publika videla pre sto godina.',
            'A restored print of a silent-era masterpiece, as audiences saw it a hundred years ago.',
            'Відреставрована копія шедевра німого кіно — таким його бачили глядачі сто років тому.',
            'Отреставрированная копия шедевра немого кино — таким его видели зрители сто лет назад.',
          ),
        ],
      },
      dokumentarni: {
        tags: ['pristupacno', 'na-engleskom'],
        works: [
          t('Ljudi sa Dunava', 'People of the Danube', 'Люди Дунаю', 'Люди Дуная'),
          t('Grad koji ne spava', 'The City That Never Sleeps', 'Місто, що не спить', 'Город, который не спит'),
          t('Poslednji zanatlije', 'The Last Craftsmen', 'Останні ремісники', 'Последние ремесленники'),
          t('Vinogradi Fruške gore', 'Vineyards of Fruška Gora', 'Виноградники Фрушка-Гори', 'Виноградники Фрушка-Горы'),
        ],
        titles: [
          T('Dokumentarac: {w}', 'Documentary: {w}', 'Документальний фільм: {w}', 'Документальный фильм: {w}'),
          T('{w}', '{w}', '{w}', '{w}'),
        ],
        details: [
          t(
            'Dokumentarni film prati ljude čiji se zanati i navike polako gube, uz kameru koja strpljivo posmatra.',
            'The documentary follows people whose crafts and habits are slowly disappearing, with a patient, observant camera.',
            'Документальний фільм про людей, чиї ремесла та звички поступово зникають, знятий уважною камерою.',
            'Документальный фильм о людях, чьи ремёсла и привычки постепенно исчезают, снятый внимательной камерой.',
          ),
        ],
      },
    },
  },

  radionice: {
    intros: [
      t(
        '{v} organizuje radionicu „{w}“ {inCity}.',
        '{v} hosts the workshop {w} {inCity}.',
        '«{v}» проводить майстер-клас «{w}» {inCity}.',
        '«{v}» проводит мастер-класс «{w}» {inCity}.',
      ),
    ],
    onlineIntros: [
      t(
        'Radionica „{w}“ održava se onlajn, pa joj se možete priključiti od kuće.',
        'The workshop {w} runs online, so you can join from home.',
        'Майстер-клас «{w}» проходить онлайн, тож приєднатися можна з дому.',
        'Мастер-класс «{w}» проходит онлайн, так что присоединиться можно из дома.',
      ),
    ],
    closings: [
      t(
        'Broj mesta je ograničen na dvanaest učesnika.',
        'Places are limited to twelve participants.',
        'Кількість місць обмежена — дванадцять учасників.',
        'Количество мест ограничено — двенадцать участников.',
      ),
      t(
        'Prethodno iskustvo nije potrebno.',
        'No previous experience needed.',
        'Попередній досвід не потрібен.',
        'Предварительный опыт не нужен.',
      ),
    ],
    subcategories: {
      kreativne: {
        tags: ['pristupacno', 'studentski-popust'],
        works: [
          t('Keramika za početnike', 'Pottery for Beginners', 'Кераміка для початківців', 'Керамика для начинающих'),
          t('Akvarel za početnike', 'Watercolour Basics', 'Акварель для початківців', 'Акварель для начинающих'),
          t('Izrada sveća', 'Candle Making', 'Виготовлення свічок', 'Изготовление свечей'),
          t('Linorez i grafika', 'Linocut Printmaking', 'Ліногравюра', 'Линогравюра'),
        ],
        titles: [
          T('Radionica: {w}', 'Workshop: {w}', 'Майстер-клас: {w}', 'Мастер-класс: {w}'),
          T('{w}', '{w}', '{w}', '{w}'),
        ],
        details: [
          t(
            'Sav materijal je obezbeđen, a svoj rad nosite kući.',
            'All materials are provided, and you take your work home.',
            'Усі матеріали надаються, а свою роботу ви заберете додому.',
            'Все материалы предоставляются, а свою работу вы заберёте домой.',
          ),
        ],
      },
      kulinarske: {
        tags: ['pristupacno'],
        works: [
          t('Domaća pasta', 'Homemade Pasta', 'Домашня паста', 'Домашняя паста'),
          t('Tajne srpske kuhinje', 'Secrets of Serbian Cuisine', 'Секрети сербської кухні', 'Секреты сербской кухни'),
          t('Kiselo testo i hleb', 'Sourdough Bread', 'Хліб на заквасці', 'Хлеб на закваске'),
          t('Vegetarijanska kuhinja', 'Vegetarian Cooking', 'Вегетаріанська кухня', 'Вегетарианская кухня'),
        ],
        titles: [
          T('Kulinarska radionica: {w}', 'Cooking Class: {w}', 'Кулінарний майстер-клас: {w}', 'Кулинарный мастер-класс: {w}'),
          T('{w}', '{w}', '{w}', '{w}'),
        ],
        details: [
          t(
            'Kuvamo zajedno, korak po korak, a na kraju sledi zajednička večera.',
            'We cook together step by step and finish with a shared dinner.',
            'Готуємо разом крок за кроком, а наприкінці — спільна вечеря.',
            'Готовим вместе шаг за шагом, а в конце — общий ужин.',
          ),
        ],
      },
      tehnologija: {
        tags: ['na-engleskom', 'studentski-popust'],
        works: [
          t('Uvod u programiranje', 'Introduction to Programming', 'Вступ до програмування', 'Введение в программирование'),
          t('Veštačka inteligencija za svakoga', 'AI for Everyone', 'Штучний інтелект для всіх', 'Искусственный интеллект для всех'),
          t('3D štampa od ideje do modela', '3D Printing from Idea to Model', '3D-друк: від ідеї до моделі', '3D-печать: от идеи до модели'),
          t('Osnove web dizajna', 'Web Design Basics', 'Основи веб-дизайну', 'Основы веб-дизайна'),
        ],
        titles: [
          T('Radionica: {w}', 'Workshop: {w}', 'Майстер-клас: {w}', 'Мастер-класс: {w}'),
          T(
            '{w} — radionica na engleskom',
            '{w} — Workshop in English',
            '{w} — майстер-клас англійською',
            '{w} — мастер-класс на английском',
            ['na-engleskom'],
          ),
        ],
        details: [
          t(
            'Ponesite laptop; radimo na praktičnim primerima, bez suvoparne teorije.',
            'Bring a laptop; we work through practical examples, not dry theory.',
            'Візьміть ноутбук: працюємо на практичних прикладах, без нудної теорії.',
            'Возьмите ноутбук: работаем на практических примерах, без скучной теории.',
          ),
        ],
      },
      ples: {
        tags: ['pristupacno', 'studentski-popust'],
        works: [
          t('Argentinski tango', 'Argentine Tango', 'Аргентинське танго', 'Аргентинское танго'),
          t('Salsa za početnike', 'Salsa for Beginners', 'Сальса для початківців', 'Сальса для начинающих'),
          t('Joga i disanje', 'Yoga and Breathing', 'Йога і дихання', 'Йога и дыхание'),
          t('Narodna kola', 'Serbian Folk Dances', 'Сербські народні танці', 'Сербские народные танцы'),
        ],
        titles: [
          T('Radionica: {w}', 'Workshop: {w}', 'Майстер-клас: {w}', 'Мастер-класс: {w}'),
          T('{w}', '{w}', '{w}', '{w}'),
        ],
        details: [
          t(
            'Dolazak u paru nije obavezan; ponesite udobnu obuću i dobro raspoloženje.',
            'You don’t need a partner; bring comfortable shoes and a good mood.',
            'Приходити в парі не обов’язково; візьміть зручне взуття та гарний настрій.',
            'Приходить в паре не обязательно; возьмите удобную обувь и хорошее настроение.',
          ),
        ],
      },
    },
  },
};

/** Sentences about price, reservations, streaming and status. */
export const PRACTICAL = {
  free: t('Ulaz je slobodan.', 'Admission is free.', 'Вхід вільний.', 'Вход свободный.'),
  reservable: t(
    'Mesta se mogu rezervisati preko aplikacije Kuda.',
    'Places can be reserved through Kuda.',
    'Місця можна забронювати через Kuda.',
    'Места можно забронировать через Kuda.',
  ),
  tickets: t(
    'Ulaznice su u prodaji na blagajni mesta održavanja.',
    'Tickets are on sale at the venue box office.',
    'Квитки продаються в касі місця проведення.',
    'Билеты продаются в кассе площадки.',
  ),
  onlineTickets: t(
    'Pristup prenosu dobijate posle kupovine ulaznice.',
    'You get access to the stream once you buy a ticket.',
    'Доступ до трансляції ви отримаєте після купівлі квитка.',
    'Доступ к трансляции вы получите после покупки билета.',
  ),
  online: t(
    'Program se prenosi uživo na internetu.',
    'The programme is streamed live online.',
    'Програма транслюється наживо в інтернеті.',
    'Программа транслируется в прямом эфире в интернете.',
  ),
  mixed: t(
    'Događaj možete pratiti i uživo na internetu.',
    'You can also follow the event live online.',
    'Подію також можна дивитися онлайн.',
    'Событие также можно смотреть онлайн.',
  ),
  cancelled: t(
    'Događaj je otkazan; kupljene ulaznice se vraćaju na mestu kupovine.',
    'The event has been cancelled; tickets are refunded where they were bought.',
    'Подію скасовано; кошти за квитки повертають там, де їх купили.',
    'Мероприятие отменено; деньги за билеты возвращают там, где их купили.',
  ),
  postponed: t(
    'Događaj je odložen, a novi termin će biti naknadno objavljen.',
    'The event has been postponed; a new date will be announced.',
    'Подію відкладено, нову дату буде оголошено згодом.',
    'Мероприятие отложено, новая дата будет объявлена позже.',
  ),
  rescheduled: t(
    'Događaj je pomeren na novi termin; ranije kupljene ulaznice važe.',
    'The event has moved to a new date; tickets already bought remain valid.',
    'Подію перенесено на нову дату; придбані квитки дійсні.',
    'Мероприятие перенесено на новую дату; купленные билеты действительны.',
  ),
} satisfies Record<string, L4>;

/** Image alt text: "Abstract artwork for <category>". */
export const IMAGE_ALT = t(
  'Apstraktna ilustracija za kategoriju {w}',
  'Abstract artwork for {w}',
  'Абстрактна ілюстрація для категорії «{w}»',
  'Абстрактная иллюстрация для категории «{w}»',
);
