/** Demo catalogue: the sports of betting-core.md section 9 with countries, leagues and teams. */
/** highlight: the league's highlight weight (0 none); its matches are the highlights. */
export interface DemoLeague { title: string; teams: string[]; highlight?: number }
export interface DemoCountry { title: string; flag: string; leagues: DemoLeague[] }
export interface DemoSport { id: number; name: string; countries: DemoCountry[] }

const clubs = (city: string[], suffix: string[]): string[] =>
  city.map((c, i) => `${c} ${suffix[i % suffix.length]}`);

export const DEMO_SPORTS: DemoSport[] = [
  { id: 1, name: 'Futbol', countries: [
    { title: 'İngiltere', flag: 'gb', leagues: [{ title: 'Premier League', highlight: 2, teams: ['Arsenal', 'Chelsea', 'Liverpool', 'Manchester City', 'Manchester United', 'Tottenham', 'Newcastle', 'Aston Villa', 'Brighton', 'West Ham'] }] },
    { title: 'İspanya', flag: 'es', leagues: [{ title: 'La Liga', highlight: 2, teams: ['Real Madrid', 'Barcelona', 'Atletico Madrid', 'Sevilla', 'Valencia', 'Villarreal', 'Real Sociedad', 'Athletic Bilbao'] }] },
    { title: 'İtalya', flag: 'it', leagues: [{ title: 'Serie A', highlight: 2, teams: ['Inter', 'Milan', 'Juventus', 'Napoli', 'Roma', 'Lazio', 'Atalanta', 'Fiorentina'] }] },
    { title: 'Almanya', flag: 'de', leagues: [{ title: 'Bundesliga', highlight: 2, teams: ['Bayern München', 'Borussia Dortmund', 'RB Leipzig', 'Bayer Leverkusen', 'Eintracht Frankfurt', 'VfB Stuttgart', 'Wolfsburg', 'Freiburg'] }] },
    { title: 'Fransa', flag: 'fr', leagues: [{ title: 'Ligue 1', highlight: 1, teams: ['Paris SG', 'Marseille', 'Lyon', 'Monaco', 'Lille', 'Nice', 'Rennes', 'Lens'] }] },
    { title: 'Türkiye', flag: 'tr', leagues: [{ title: 'Süper Lig', highlight: 2, teams: ['Galatasaray', 'Fenerbahçe', 'Beşiktaş', 'Trabzonspor', 'Başakşehir', 'Samsunspor', 'Kasımpaşa', 'Antalyaspor', 'Konyaspor', 'Sivasspor'] }] },
    { title: 'Avrupa', flag: 'eu', leagues: [
      { title: 'Champions League', highlight: 3, teams: ['Real Madrid', 'Manchester City', 'Bayern München', 'Inter', 'Paris SG', 'Barcelona', 'Arsenal', 'Galatasaray'] },
      { title: 'Europa League', highlight: 1, teams: ['Roma', 'Fenerbahçe', 'Lyon', 'Tottenham', 'Sevilla', 'Eintracht Frankfurt', 'Lazio', 'Beşiktaş'] },
    ] },
  ] },
  { id: 3, name: 'Basketbol', countries: [
    { title: 'ABD', flag: 'us', leagues: [{ title: 'NBA', highlight: 2, teams: ['Boston Celtics', 'Los Angeles Lakers', 'Golden State Warriors', 'Milwaukee Bucks', 'Denver Nuggets', 'Miami Heat', 'Phoenix Suns', 'New York Knicks'] }] },
    { title: 'Avrupa', flag: 'eu', leagues: [{ title: 'Euroleague', highlight: 1, teams: ['Anadolu Efes', 'Fenerbahçe Beko', 'Real Madrid', 'Barcelona', 'Olympiacos', 'Panathinaikos', 'Maccabi Tel Aviv', 'Monaco'] }] },
  ] },
  { id: 4, name: 'Buz Hokeyi', countries: [
    { title: 'ABD', flag: 'us', leagues: [{ title: 'NHL', highlight: 1, teams: ['Boston Bruins', 'New York Rangers', 'Toronto Maple Leafs', 'Edmonton Oilers', 'Colorado Avalanche', 'Vegas Golden Knights'] }] },
    { title: 'İsveç', flag: 'se', leagues: [{ title: 'SHL', teams: clubs(['Frölunda', 'Skellefteå', 'Luleå', 'Växjö', 'Färjestad', 'Rögle'], ['HC', 'AIK', 'HF', 'Lakers', 'BK', 'BK']) }] },
  ] },
  { id: 5, name: 'Tenis', countries: [
    { title: 'Uluslararası', flag: 'int', leagues: [
      { title: 'ATP', highlight: 1, teams: ['J. Sinner', 'C. Alcaraz', 'N. Djokovic', 'A. Zverev', 'D. Medvedev', 'T. Fritz', 'C. Ruud', 'H. Rune'] },
      { title: 'WTA', teams: ['A. Sabalenka', 'I. Swiatek', 'C. Gauff', 'E. Rybakina', 'J. Pegula', 'Q. Zheng'] },
    ] },
  ] },
  { id: 6, name: 'Hentbol', countries: [
    { title: 'Almanya', flag: 'de', leagues: [{ title: 'HBL', teams: ['THW Kiel', 'SC Magdeburg', 'Füchse Berlin', 'Flensburg', 'Rhein-Neckar Löwen', 'MT Melsungen'] }] },
  ] },
  { id: 7, name: 'Beyzbol', countries: [
    { title: 'ABD', flag: 'us', leagues: [{ title: 'MLB', teams: ['New York Yankees', 'Los Angeles Dodgers', 'Boston Red Sox', 'Chicago Cubs', 'Houston Astros', 'Atlanta Braves'] }] },
  ] },
  { id: 23, name: 'Voleybol', countries: [
    { title: 'Türkiye', flag: 'tr', leagues: [{ title: 'Sultanlar Ligi', teams: ['VakıfBank', 'Eczacıbaşı', 'Fenerbahçe Medicana', 'Galatasaray Daikin', 'THY', 'Nilüfer'] }] },
    { title: 'İtalya', flag: 'it', leagues: [{ title: 'SuperLega', teams: ['Perugia', 'Trentino', 'Civitanova', 'Modena', 'Piacenza', 'Monza'] }] },
  ] },
  { id: 41, name: 'Masa Tenisi', countries: [
    { title: 'Uluslararası', flag: 'int', leagues: [{ title: 'TT Cup', teams: ['M. Kovac', 'P. Novak', 'L. Horvat', 'D. Petrov', 'S. Ivanov', 'A. Marek'] }] },
  ] },
  { id: 109, name: 'Counter-Strike', countries: [
    { title: 'Uluslararası', flag: 'int', leagues: [{ title: 'CS Pro League', teams: ['NAVI', 'Vitality', 'FaZe', 'G2', 'Spirit', 'MOUZ'] }] },
  ] },
  { id: 110, name: 'Dota 2', countries: [
    { title: 'Uluslararası', flag: 'int', leagues: [{ title: 'Dota Pro Circuit', teams: ['Team Liquid', 'Tundra', 'Gaimin Gladiators', 'Team Spirit', 'BetBoom', 'Falcons'] }] },
  ] },
  { id: 111, name: 'League of Legends', countries: [
    { title: 'Uluslararası', flag: 'int', leagues: [{ title: 'LoL Worlds', teams: ['T1', 'Gen.G', 'G2 Esports', 'Fnatic', 'JD Gaming', 'Bilibili Gaming'] }] },
  ] },
];

/**
 * The demo's names per language (the catalogue's `names`): the plain name above is the
 * Turkish one the demo was written in, so English is given for every language that has none here.
 */
type Names = Readonly<Record<string, string>>;
export const DEMO_SPORT_NAMES: Readonly<Record<number, Names>> = {
  1: { tr: 'Futbol', en: 'Football', de: 'Fußball', fr: 'Football', es: 'Fútbol', it: 'Calcio', nl: 'Voetbal', pt: 'Futebol', ru: 'Футбол', az: 'Futbol' },
  3: { tr: 'Basketbol', en: 'Basketball', de: 'Basketball', fr: 'Basket-ball', es: 'Baloncesto', it: 'Pallacanestro', nl: 'Basketbal', pt: 'Basquetebol', ru: 'Баскетбол', az: 'Basketbol' },
  4: { tr: 'Buz Hokeyi', en: 'Ice Hockey', de: 'Eishockey', fr: 'Hockey sur glace', es: 'Hockey sobre hielo', it: 'Hockey su ghiaccio', nl: 'IJshockey', pt: 'Hóquei no gelo', ru: 'Хоккей', az: 'Buz hokkeyi' },
  5: { tr: 'Tenis', en: 'Tennis', de: 'Tennis', fr: 'Tennis', es: 'Tenis', it: 'Tennis', nl: 'Tennis', pt: 'Ténis', ru: 'Теннис', az: 'Tennis' },
  6: { tr: 'Hentbol', en: 'Handball', de: 'Handball', fr: 'Handball', es: 'Balonmano', it: 'Pallamano', nl: 'Handbal', pt: 'Andebol', ru: 'Гандбол', az: 'Həndbol' },
  7: { tr: 'Beyzbol', en: 'Baseball', de: 'Baseball', fr: 'Baseball', es: 'Béisbol', it: 'Baseball', nl: 'Honkbal', pt: 'Beisebol', ru: 'Бейсбол', az: 'Beysbol' },
  23: { tr: 'Voleybol', en: 'Volleyball', de: 'Volleyball', fr: 'Volley-ball', es: 'Voleibol', it: 'Pallavolo', nl: 'Volleybal', pt: 'Voleibol', ru: 'Волейбол', az: 'Voleybol' },
  41: { tr: 'Masa Tenisi', en: 'Table Tennis', de: 'Tischtennis', fr: 'Tennis de table', es: 'Tenis de mesa', it: 'Tennistavolo', nl: 'Tafeltennis', pt: 'Ténis de mesa', ru: 'Настольный теннис', az: 'Stolüstü tennis' },
};
/** Countries by flag code. */
export const DEMO_COUNTRY_NAMES: Readonly<Record<string, Names>> = {
  gb: { tr: 'İngiltere', en: 'England', de: 'England', fr: 'Angleterre', es: 'Inglaterra', it: 'Inghilterra', nl: 'Engeland', pt: 'Inglaterra', ru: 'Англия' },
  es: { tr: 'İspanya', en: 'Spain', de: 'Spanien', fr: 'Espagne', es: 'España', it: 'Spagna', nl: 'Spanje', pt: 'Espanha', ru: 'Испания' },
  it: { tr: 'İtalya', en: 'Italy', de: 'Italien', fr: 'Italie', es: 'Italia', it: 'Italia', nl: 'Italië', pt: 'Itália', ru: 'Италия' },
  de: { tr: 'Almanya', en: 'Germany', de: 'Deutschland', fr: 'Allemagne', es: 'Alemania', it: 'Germania', nl: 'Duitsland', pt: 'Alemanha', ru: 'Германия' },
  fr: { tr: 'Fransa', en: 'France', de: 'Frankreich', fr: 'France', es: 'Francia', it: 'Francia', nl: 'Frankrijk', pt: 'França', ru: 'Франция' },
  tr: { tr: 'Türkiye', en: 'Türkiye', de: 'Türkei', fr: 'Turquie', es: 'Turquía', it: 'Turchia', nl: 'Turkije', pt: 'Turquia', ru: 'Турция' },
  eu: { tr: 'Avrupa', en: 'Europe', de: 'Europa', fr: 'Europe', es: 'Europa', it: 'Europa', nl: 'Europa', pt: 'Europa', ru: 'Европа' },
  us: { tr: 'ABD', en: 'USA', de: 'USA', fr: 'États-Unis', es: 'EE. UU.', it: 'USA', nl: 'VS', pt: 'EUA', ru: 'США' },
  se: { tr: 'İsveç', en: 'Sweden', de: 'Schweden', fr: 'Suède', es: 'Suecia', it: 'Svezia', nl: 'Zweden', pt: 'Suécia', ru: 'Швеция' },
  int: { tr: 'Uluslararası', en: 'International', de: 'International', fr: 'International', es: 'Internacional', it: 'Internazionale', nl: 'Internationaal', pt: 'Internacional', ru: 'Международные' },
};

/** The fixed demo logins, the same on every machine (README lists them). */
export const DEMO_USERS = [
  { username: 'demo', password: 'demo1234', firstName: 'Demo', lastName: 'Oyuncu', credit: 100_000 },
  { username: 'ayse', password: 'ayse1234', firstName: 'Ayşe', lastName: 'Yılmaz', credit: 250_000 },
  { username: 'mehmet', password: 'mehmet1234', firstName: 'Mehmet', lastName: 'Demir', credit: 50_000 },
] as const;

/**
 * The demo shop terminal (user type 'T'): a kiosk that prints every coupon, and cancels it when
 * the receipt cannot be printed (betting-core.md section 4, Print).
 */
export const DEMO_TERMINAL = { username: 'kiosk', password: 'kiosk1234', firstName: 'Kiosk', lastName: 'T-001', terminalNo: 'T-001', credit: 500_000 } as const;

/** Sports with a draw (3-way match result); the others use the 2-way winner market. */
export const DRAW_SPORTS = new Set([1, 4, 6]);
