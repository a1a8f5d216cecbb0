import { productFacetsSchema, productListResponseSchema } from '@shop/contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seedDemoCatalogIfEmpty } from './seed/seed-catalog';

let harness: TestApp;

const search = async (text: string, extra = '') => {
  const response = await harness.app.inject({
    method: 'GET',
    url: `/api/v1/products/products/?search=${encodeURIComponent(text)}${extra}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return productListResponseSchema.parse(response.json());
};
const top = async (text: string, count: number) =>
  (await search(text, `&page_size=${count}`)).results.map((product) => product.name);

beforeAll(async () => {
  harness = await createTestApp();
  await seedDemoCatalogIfEmpty(harness.database);
});
afterAll(() => harness?.close());

describe('search over the demo cellar', () => {
  it('finds Chardonnays for "chardonay", the ones named so first', async () => {
    const names = await top('chardonay', 2);
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(/Chardonnay/);
    const page = await search('chardonay', '&page_size=4');
    const ids = page.results.map((product) => product.slug);
    // Chablis and Pouilly-Fuissé are Chardonnay too, by their grape.
    expect(ids).toEqual(expect.arrayContaining([expect.stringMatching(/chablis/)]));
  });

  it('finds Johnnie Walker for "jonnie walker"', async () => {
    const page = await search('jonnie walker');
    expect(page.count).toBe(4);
    expect(page.results.every((product) => product.name.startsWith('Johnnie Walker'))).toBe(true);
  });

  it('finds Prosecco for "proseco"', async () => {
    const names = await top('proseco', 2);
    expect(names.sort()).toEqual(['La Marca Prosecco', 'Mionetto Prosecco Brut']);
  });

  it('finds Hennessy for "henesy"', async () => {
    const names = await top('henesy', 3);
    expect(names.sort()).toEqual(['Hennessy VS', 'Hennessy VSOP Privilège', 'Hennessy XO']);
  });

  it('finds Glenfiddich for "glenfidich 18", the 18 first', async () => {
    expect((await top('glenfidich 18', 1))[0]).toBe('Glenfiddich 18 Year Old');
  });

  it('folds accents both ways: "chateau" finds Château, "Château" and "moet" find Moët', async () => {
    expect((await top('chateau margaux', 1))[0]).toBe('Château Margaux');
    expect((await top('CHÂTEAU MARGAUX', 1))[0]).toBe('Château Margaux');
    expect((await top('moet', 1))[0]).toBe('Moët & Chandon Impérial Brut');
    expect((await top('Moët & Chandon', 1))[0]).toBe('Moët & Chandon Impérial Brut');
    expect((await top('remy martin xo', 1))[0]).toBe('Rémy Martin XO');
  });

  it('searches description, region, varietal and category words', async () => {
    expect(await top('waragi', 2)).toEqual(
      expect.arrayContaining(['Uganda Waragi Premium Gin', 'Uganda Waragi Lemon & Ginger']),
    );
    // Region.
    expect((await search('marlborough')).results.map((product) => product.name)).toEqual(
      expect.arrayContaining(['Cloudy Bay Sauvignon Blanc', 'Villa Maria Private Bin Pinot Noir']),
    );
    // Varietal.
    expect((await top('pinotage', 1))[0]).toBe('Kanonkop Pinotage');
    // Description: "noble-rot sweet wine".
    expect(await top('noble rot', 1)).toEqual(["Château d'Yquem"]);
    // Category and country together: every word must match.
    const reds = await search('red wine south africa', '&page_size=100');
    const fullMatches = reds.results.filter((product) => product.category_slug === 'red-wine');
    expect(fullMatches.length).toBeGreaterThanOrEqual(5);
    expect(
      reds.results.slice(0, fullMatches.length).every((product) => product.category_slug === 'red-wine'),
    ).toBe(true);
    expect(reds.results.slice(0, 5).every((product) => product.country === 'South Africa')).toBe(true);
  });

  it('combines search with filters, order and paging', async () => {
    const walkers = await search('jonnie walker', '&ordering=-price&page_size=2');
    expect(walkers.results.map((product) => product.name)).toEqual([
      'Johnnie Walker Blue Label',
      'Johnnie Walker Gold Label Reserve',
    ]);
    expect(walkers).toMatchObject({ count: 4, total_pages: 2, next: 2 });
    const cheap = await search('jonnie walker', '&price_max=150000');
    expect(cheap.results.map((product) => product.name)).toEqual(['Johnnie Walker Red Label']);
    const sale = await search('jonnie walker', '&on_sale=true');
    expect(sale.results.map((product) => product.name)).toEqual(['Johnnie Walker Black Label 12 Year Old']);
    expect((await search('henesy', '&category=cognac-brandy')).count).toBe(3);
    expect((await search('jonnie walker', '&category=gin')).count).toBe(0);
  });

  it('finds words as they are typed: "glenf" finds Glenfiddich, "cab sauv" Cabernet Sauvignon', async () => {
    const glen = await search('glenf');
    expect(glen.results.map((product) => product.name).sort()).toEqual([
      'Glenfiddich 12 Year Old',
      'Glenfiddich 18 Year Old',
    ]);
    const cabSauv = await search('cab sauv', '&page_size=100');
    // The one named so first, then every bottle whose grapes include it.
    expect(cabSauv.results[0]?.name).toBe('Nederburg Baronne Cabernet Sauvignon Shiraz');
    const byGrape = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/products/products/?varietal=cabernet%20sauvignon&page_size=100',
    });
    const grapeSlugs = productListResponseSchema.parse(byGrape.json()).results.map((product) => product.slug);
    expect(grapeSlugs.length).toBeGreaterThanOrEqual(7);
    expect(cabSauv.results.map((product) => product.slug).sort()).toEqual(grapeSlugs.sort());
    // Still being typed, the second word too.
    expect((await top('johnnie wal', 4)).every((name) => name.startsWith('Johnnie Walker'))).toBe(true);
  });

  it('finds a producer in a vintage: "kanonkop 2018" is the Paul Sauer, "kanonkp 2019" the Pinotage', async () => {
    const paulSauer = await search('kanonkop 2018');
    expect(paulSauer.results.map((product) => [product.name, product.vintage])).toEqual([
      ['Kanonkop Paul Sauer', 2018],
    ]);
    const pinotage = await search('kanonkp 2019');
    expect(pinotage.results.map((product) => [product.name, product.vintage])).toEqual([
      ['Kanonkop Pinotage', 2019],
    ]);
    const chateaux = await search('chateau 2015');
    expect(chateaux.results.map((product) => product.name).sort()).toEqual([
      'Château Margaux',
      "Château d'Yquem",
    ]);
  });

  it('answers an empty page, not an error, when nothing matches', async () => {
    expect(await search('zzqxv')).toEqual({ results: [], count: 0, total_pages: 0, next: null });
    expect((await search('"&&|!:*"')).count).toBe(0);
    expect((await search('the')).count).toBeGreaterThanOrEqual(0);
  });

  it('counts facets for the search', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/products/products/facets/?search=henesy',
    });
    const facets = productFacetsSchema.parse(response.json());
    expect(facets.count).toBeGreaterThanOrEqual(3);
    expect(facets.categories.find((category) => category.slug === 'cognac-brandy')?.count).toBe(3);
    expect(facets.countries.find((country) => country.value === 'France')?.count).toBeGreaterThanOrEqual(3);
  });
});
