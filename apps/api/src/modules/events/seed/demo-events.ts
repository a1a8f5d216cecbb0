import type { EventType } from '@shop/contract/events';
import type { BottleStyle } from '../../catalog/media/media-urls';

/**
 * The demo events: the evenings a Kampala wine shop hosts. Dates are relative to the day the
 * shop first starts (days from today, at a Kampala wall-clock time), so a fresh shop always has
 * upcoming and past events. Featured wines are bottles of the demo cellar, by slug.
 */

export type DemoEvent = {
  slug: string;
  title: string;
  type: EventType;
  summary: string;
  description: string;
  featuredWineSlugs: string[];
  foodPairing: string | null;
  dressCode: string | null;
  /** Days from the first start (negative: in the past). */
  dayOffset: number;
  /** Kampala wall-clock times. */
  startTime: string;
  endTime: string;
  venueName: string;
  venueAddress: string;
  mapUrl: string | null;
  /** The generated banner: bottles of this style with a caption. */
  imageStyle: BottleStyle;
  imageLabel: string;
  capacity: number;
  /** Seats already sold by phone or to partners. */
  reservedSeats: number;
  /** Per guest, UGX; 0 is free. */
  price: number;
};

const KOLOLO = {
  venueName: 'Kampala Cellars tasting room',
  venueAddress: 'Plot 14, Acacia Avenue, Kololo, Kampala',
  mapUrl: 'https://www.openstreetmap.org/?mlat=0.3336&mlon=32.5921#map=18/0.3336/32.5921',
};

export const demoEvents: DemoEvent[] = [
  {
    slug: 'rose-sundowner-on-the-terrace',
    title: 'Rosé Sundowner on the Terrace',
    type: 'party',
    summary: 'Pale Provence pinks and Cape blanc de noir as the sun goes down over Kololo. Free, just RSVP.',
    description:
      'End the week on our terrace with a glass of rosé in hand. We open the pale, dry Provence classics beside ' +
      'a bright Cape blanc de noir and let you taste them side by side, with our team on hand to tell you what ' +
      'makes each one different. A DJ plays until the last light; bites come from the grill.\n\n' +
      'Entry is free, but seats on the terrace are limited: RSVP so we know you are coming.',
    featuredWineSlugs: [
      'whispering-angel-cotes-de-provence-rose-2023',
      'miraval-rose-2023',
      'by-ott-rose-2022',
      'boschendal-blanc-de-noir-2023',
    ],
    foodPairing: 'Grilled tilapia skewers, watermelon and feta salad, chapati crisps with avocado.',
    dressCode: 'Smart casual',
    dayOffset: 4,
    startTime: '17:30',
    endTime: '20:00',
    ...KOLOLO,
    imageStyle: 'rose-wine',
    imageLabel: 'Rosé Sundowner',
    capacity: 60,
    reservedSeats: 8,
    price: 0,
  },
  {
    slug: 'bordeaux-and-the-cape-left-bank-tasting',
    title: 'Bordeaux & the Cape: a Left Bank Tasting',
    type: 'tasting',
    summary:
      'Château Margaux beside the Cape’s finest Bordeaux-style blends, poured blind, then revealed. Six wines, one evening.',
    description:
      'Cabernet-led blends from the Médoc and from Stellenbosch, tasted blind and then unveiled. Our sommelier ' +
      'leads you through structure, oak and ageing, and why a Cape blend can stand beside a First Growth.\n\n' +
      'The evening includes six pours, a cheese and charcuterie board, and 10% off any bottle tasted, on the night.',
    featuredWineSlugs: [
      'chateau-margaux-2015',
      'kanonkop-paul-sauer-2018',
      'meerlust-rubicon-2017',
      'penfolds-bin-389-cabernet-shiraz-2019',
    ],
    foodPairing: 'Aged cheddar, brie and Ugandan goat’s cheese; cured beef; fresh bread.',
    dressCode: 'Smart casual',
    dayOffset: 9,
    startTime: '18:30',
    endTime: '21:00',
    ...KOLOLO,
    imageStyle: 'red-wine',
    imageLabel: 'Bordeaux & the Cape',
    capacity: 24,
    reservedSeats: 4,
    price: 150_000,
  },
  {
    slug: 'single-malt-masterclass-speyside-to-islay',
    title: 'Single Malt Masterclass: Speyside to Islay',
    type: 'masterclass',
    summary:
      'From honeyed Speyside to peat-smoked Islay in five drams, with a whisky ambassador. Almost full.',
    description:
      'A guided journey across Scotland’s whisky regions: how water, barley, stills and casks shape the spirit, ' +
      'and how to nose and taste like a blender. Five drams, from Glenfiddich and Macallan to Talisker and ' +
      'Lagavulin, each with its story.\n\n' +
      'Small group, so everyone gets their questions answered. Water and Kampala’s best dark chocolate provided.',
    featuredWineSlugs: [
      'glenfiddich-12-year-old',
      'the-macallan-12-year-old-double-cask',
      'talisker-10-year-old',
      'lagavulin-16-year-old',
    ],
    foodPairing: 'Dark chocolate, smoked almonds, oatcakes.',
    dressCode: null,
    dayOffset: 16,
    startTime: '19:00',
    endTime: '21:30',
    ...KOLOLO,
    imageStyle: 'whisky',
    imageLabel: 'Single Malt Masterclass',
    capacity: 16,
    reservedSeats: 13,
    price: 250_000,
  },
  {
    slug: 'champagne-and-lake-victoria-dinner',
    title: 'Champagne Dinner by the Lake',
    type: 'dinner',
    summary:
      'Four courses on the shores of Lake Victoria, each with its Champagne, from Moët to Dom Pérignon.',
    description:
      'A long table on the lawn at sunset, four courses from a guest chef, and a Champagne with each: a grande ' +
      'marque brut to start, a blanc de blancs with the fish, a rosé with the main course, and a prestige cuvée ' +
      'with dessert.\n\nTransport from Kololo is available: tell us in the note of your RSVP.',
    featuredWineSlugs: [
      'moet-chandon-imperial-brut',
      'ruinart-blanc-de-blancs',
      'laurent-perrier-cuvee-rose',
      'dom-perignon-vintage-2013',
    ],
    foodPairing:
      'Tilapia ceviche; grilled lake fish with lemongrass; lamb with matooke purée; passion fruit tart.',
    dressCode: 'Cocktail attire',
    dayOffset: 23,
    startTime: '18:00',
    endTime: '22:30',
    venueName: 'The Lawns at Munyonyo',
    venueAddress: 'Munyonyo Road, Munyonyo, Kampala',
    mapUrl: 'https://www.openstreetmap.org/?mlat=0.2480&mlon=32.6130#map=16/0.2480/32.6130',
    imageStyle: 'champagne',
    imageLabel: 'Champagne Dinner',
    capacity: 40,
    reservedSeats: 6,
    price: 450_000,
  },
  {
    slug: 'wine-tasting-for-beginners',
    title: 'Wine Tasting for Beginners',
    type: 'masterclass',
    summary:
      'How to look, swirl, smell and taste: a free, friendly first class, with four wines to practise on.',
    description:
      'Never sure what to order? In one relaxed hour we cover the main grapes, how to read a label, and how to ' +
      'taste with confidence, with a Sauvignon Blanc, a Chardonnay, a Pinot Noir and a Malbec to practise on.\n\n' +
      'Free for customers; one RSVP per person, bring a friend as your guest.',
    featuredWineSlugs: [
      'cloudy-bay-sauvignon-blanc-2023',
      'hamilton-russell-vineyards-chardonnay-2022',
      'villa-maria-private-bin-pinot-noir-2021',
      'catena-malbec-2021',
    ],
    foodPairing: 'Crackers, cheese and olives.',
    dressCode: null,
    dayOffset: 30,
    startTime: '17:00',
    endTime: '18:30',
    ...KOLOLO,
    imageStyle: 'white-wine',
    imageLabel: 'Wine Tasting 101',
    capacity: 20,
    reservedSeats: 0,
    price: 0,
  },
  {
    slug: 'waragi-and-gin-garden-party',
    title: 'Waragi & Gin Garden Party',
    type: 'party',
    summary: 'Uganda Waragi and the world’s craft gins, mixed by our bartenders in the garden.',
    description:
      'An afternoon of gin and tonics done properly: Uganda’s own Waragi beside London dry classics and ' +
      'botanical craft gins, each with its garnish and tonic. Our bartenders show you three cocktails to make ' +
      'at home.',
    featuredWineSlugs: [
      'uganda-waragi-premium-gin',
      'tanqueray-london-dry-gin',
      'hendricks-gin',
      'monkey-47-schwarzwald-dry-gin',
    ],
    foodPairing: 'Samosas, rolex bites and fruit skewers.',
    dressCode: 'Garden party: hats welcome',
    dayOffset: -12,
    startTime: '14:00',
    endTime: '18:00',
    ...KOLOLO,
    imageStyle: 'gin',
    imageLabel: 'Gin Garden Party',
    capacity: 80,
    reservedSeats: 64,
    price: 0,
  },
  {
    slug: 'cape-winelands-evening',
    title: 'Cape Winelands Evening',
    type: 'tasting',
    summary: 'Pinotage, Chenin Blanc and Cap Classique: South Africa’s best, poured by the glass.',
    description:
      'A tour of the Cape Winelands without the flight: Méthode Cap Classique to start, old-vine Chenin ' +
      'Blanc, Pinotage in two styles, and a Rubicon to finish.',
    featuredWineSlugs: [
      'graham-beck-brut',
      'ken-forrester-old-vine-reserve-chenin-blanc-2022',
      'kanonkop-pinotage-2019',
      'meerlust-rubicon-2017',
    ],
    foodPairing: 'Bobotie bites and biltong.',
    dressCode: 'Smart casual',
    dayOffset: -30,
    startTime: '18:30',
    endTime: '21:00',
    ...KOLOLO,
    imageStyle: 'red-wine',
    imageLabel: 'Cape Winelands',
    capacity: 30,
    reservedSeats: 27,
    price: 120_000,
  },
];
