import type { ProductType } from '@shop/contract/catalog';
import { type BottleStyle, categoryImageUrl, productImages, styleFor } from '../media/media-urls';
import { type DemoProduct, demoCategories, demoProducts, SIZES, type SizeKey } from './demo-cellar';

/**
 * Turns the demo cellar into rows to insert: categories, products, variants (sizes) and images.
 * With a product count above the cellar's, plausible variations of its bottles are added
 * (other vintages, bottlings and cask finishes) for scale tests.
 */

export type CategorySeedRow = {
  slug: string;
  name: string;
  description: string;
  image: string;
  sortOrder: number;
};

export type ProductSeedRow = {
  slug: string;
  name: string;
  description: string;
  productType: ProductType;
  categorySlug: string;
  country: string;
  region: string;
  varietal: string;
  vintage: number | null;
  abv: number;
  tastingNotes: string;
  foodPairing: string;
  awards: string[];
  isFeatured: boolean;
  createdAt: Date;
};

export type VariantSeedRow = {
  productSlug: string;
  sku: string;
  name: string;
  volumeMl: number;
  packSize: number;
  price: number;
  originalPrice: number | null;
  stock: number;
  isDefault: boolean;
  sortOrder: number;
};

export type ImageSeedRow = { productSlug: string; url: string; alt: string; sortOrder: number };

export type CatalogSeedRows = {
  categories: CategorySeedRow[];
  products: ProductSeedRow[];
  variants: VariantSeedRow[];
  images: ImageSeedRow[];
};

/** A small deterministic random generator (mulberry32), so a seed is the same every time. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Lower case, no accents, words joined by hyphens: 'Moët & Chandon' -> 'moet-chandon'. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function roundPrice(amount: number): number {
  const step = amount >= 20_000 ? 1_000 : 500;
  return Math.max(step, Math.round(amount / step) * step);
}

const DAY_MS = 24 * 60 * 60 * 1000;

type Builder = {
  add: (
    product: DemoProduct,
    options: { slug: string; skuStem: string; createdAt: Date; random: () => number },
  ) => void;
  rows: CatalogSeedRows;
};

function builder(): Builder {
  const categoryBySlug = new Map(demoCategories.map((category) => [category.slug, category]));
  const rows: CatalogSeedRows = {
    categories: demoCategories.map((category, index) => ({
      slug: category.slug,
      name: category.name,
      description: category.description,
      image: categoryImageUrl(category.name, category.style),
      sortOrder: (index + 1) * 10,
    })),
    products: [],
    variants: [],
    images: [],
  };

  const add: Builder['add'] = (product, { slug, skuStem, createdAt, random }) => {
    const category = categoryBySlug.get(product.category);
    if (!category) throw new Error(`Unknown category ${product.category} for ${product.name}`);
    const style: BottleStyle = product.style ?? styleFor(category.slug, product.type);
    rows.products.push({
      slug,
      name: product.name,
      description: product.description,
      productType: product.type,
      categorySlug: category.slug,
      country: product.country,
      region: product.region,
      varietal: product.varietal,
      vintage: product.vintage ?? null,
      abv: product.abv,
      tastingNotes: product.notes,
      foodPairing: product.pairing,
      awards: product.awards ?? [],
      isFeatured: product.featured ?? false,
      createdAt,
    });

    const sizes: SizeKey[] = product.sizes?.length ? product.sizes : ['bottle'];
    const first = SIZES[sizes[0]!];
    const reference = product.price / first.factor;
    const referenceWas = product.was ? product.was / first.factor : undefined;
    sizes.forEach((key, index) => {
      const size = SIZES[key];
      const price = index === 0 ? product.price : roundPrice(reference * size.factor);
      let originalPrice: number | null = null;
      if (referenceWas !== undefined) {
        originalPrice = index === 0 ? product.was! : roundPrice(referenceWas * size.factor);
        if (originalPrice <= price) originalPrice = null;
      }
      let stock = 0;
      if (!product.soldOut) {
        const most = size.pack > 1 ? 10 : size.volumeMl <= 200 ? 60 : size.volumeMl >= 1500 ? 6 : 40;
        stock = Math.floor(random() * most);
        if (index === 0) stock = Math.max(3, stock);
      }
      rows.variants.push({
        productSlug: slug,
        sku: `${skuStem}-${size.code}`,
        name: size.name,
        volumeMl: size.volumeMl,
        packSize: size.pack,
        price,
        originalPrice,
        stock,
        isDefault: index === 0,
        sortOrder: index,
      });
    });

    productImages({ name: product.name, vintage: product.vintage ?? null, style }).forEach((image, index) => {
      rows.images.push({ productSlug: slug, url: image.url, alt: image.alt, sortOrder: index });
    });
  };

  return { add, rows };
}

/** The demo cellar itself: ≥ 80 products in 13 categories. */
export function demoCatalogRows(now = new Date()): CatalogSeedRows {
  return catalogRows(demoProducts.length, now);
}

const WINE_BOTTLINGS = [
  'Reserve',
  'Estate',
  'Single Vineyard',
  'Old Vines',
  'Barrel Selection',
  "Winemaker's Selection",
  'Limited Release',
  'Grand Reserve',
  'Cellar Collection',
  'Family Reserve',
];
const SPIRIT_BOTTLINGS = [
  'Cask Strength',
  'Small Batch',
  'Single Cask',
  'Sherry Cask Finish',
  'Port Cask Finish',
  'Limited Edition',
  'Distillery Exclusive',
  'Double Oak',
  'Rum Cask Finish',
  'Travel Retail Edition',
];
const OTHER_BOTTLINGS = ['Limited Edition', 'Reserve', 'Special Edition', 'Festive Edition', 'Export'];

function variation(template: DemoProduct, generation: number, random: () => number): DemoProduct {
  const isWine = template.type === 'wine';
  const list = isWine ? WINE_BOTTLINGS : template.type === 'spirit' ? SPIRIT_BOTTLINGS : OTHER_BOTTLINGS;
  const bottling = list[generation % list.length]!;
  const batch = Math.floor(generation / list.length);
  const name = `${template.name} ${bottling}${batch > 0 && !isWine ? ` Batch ${batch + 1}` : ''}`;
  const vintage = template.vintage
    ? Math.max(1985, template.vintage - ((generation * 3 + batch) % 25))
    : undefined;
  const price = roundPrice(template.price * (0.8 + random() * 0.7));
  const onSale = random() < 0.12;
  return {
    ...template,
    name,
    vintage,
    price,
    was: onSale ? roundPrice(price * (1.1 + random() * 0.25)) : undefined,
    featured: random() < 0.004,
    soldOut: random() < 0.05,
    awards: random() < 0.1 ? (template.awards ?? []) : [],
    description: `${template.description} This ${bottling.toLowerCase()} bottling is a rarer expression of the house style.`,
  };
}

/** Demo categories interleaved, so that a small count still spans the categories. */
function interleavedDemo(): DemoProduct[] {
  const byCategory = demoCategories.map((category) =>
    demoProducts.filter((product) => product.category === category.slug),
  );
  const result: DemoProduct[] = [];
  for (let round = 0; result.length < demoProducts.length; round++) {
    for (const list of byCategory) if (list[round]) result.push(list[round]!);
  }
  return result;
}

/**
 * `count` products: the demo cellar (all of it when count allows, else a spread across its
 * categories), then variations of its bottles up to the count.
 */
export function catalogRows(count: number, now = new Date()): CatalogSeedRows {
  const { add, rows } = builder();
  const random = randomSource(20_240_601);
  const codeBySlug = new Map(demoCategories.map((category) => [category.slug, category.code]));
  const demo = count >= demoProducts.length ? demoProducts : interleavedDemo().slice(0, count);

  let newIndex = 0;
  demo.forEach((product) => {
    const index = demoProducts.indexOf(product) + 1;
    const createdAt = product.isNew
      ? new Date(now.getTime() - (1 + (newIndex++ % 13) * 2) * DAY_MS - index * 60_000)
      : new Date(now.getTime() - (40 + Math.floor(random() * 680)) * DAY_MS);
    add(product, {
      slug: slugify(product.vintage ? `${product.name} ${product.vintage}` : product.name),
      skuStem: `KC-${codeBySlug.get(product.category)}-${String(index).padStart(3, '0')}`,
      createdAt,
      random,
    });
  });

  for (let j = 0; j < count - demo.length; j++) {
    const template = demoProducts[j % demoProducts.length]!;
    const generation = Math.floor(j / demoProducts.length);
    const product = variation(template, generation, random);
    const isNew = random() < 0.02;
    const createdAt = new Date(now.getTime() - (isNew ? 1 + random() * 25 : 31 + random() * 1_100) * DAY_MS);
    add(product, {
      slug: `${slugify(product.vintage ? `${product.name} ${product.vintage}` : product.name)}-${j + 1}`,
      skuStem: `KC-${codeBySlug.get(template.category)}-S${String(j + 1).padStart(6, '0')}`,
      createdAt,
      random,
    });
  }
  return rows;
}
