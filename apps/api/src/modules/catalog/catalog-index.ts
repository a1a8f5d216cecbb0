import {
  NEW_ARRIVAL_DAYS,
  PRICE_BANDS,
  PRODUCT_TYPES,
  type ProductType,
  SEARCH_COUNT_CAP,
} from '@shop/contract/catalog';
import { skuPrefix } from '@shop/contract/catalog-admin';
import type { CardImage, CardRow } from './catalog.repository';
import { generatedImageFile } from './media/media-urls';

/** The storefront's filters of a list, a search or facet counts. */
export type ProductFilters = {
  search?: string | undefined;
  categoryId?: number | undefined;
  type?: ProductType | undefined;
  country?: string | undefined;
  region?: string | undefined;
  varietal?: string | undefined;
  vintageMin?: number | undefined;
  vintageMax?: number | undefined;
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  onSale?: boolean | undefined;
  inStock?: boolean | undefined;
  featured?: boolean | undefined;
  newArrivals?: boolean | undefined;
  /**
   * Staff only (the back office's list): every product, hidden and archived ones too, and a
   * search finds SKUs by their start. Without it only products on sale in the shop are seen.
   */
  staff?: true | undefined;
  status?: ProductStatus | undefined;
  lowStock?: true | undefined;
};

export type ProductStatus = 'listed' | 'hidden' | 'archived';
const STATUSES: ProductStatus[] = ['listed', 'hidden', 'archived'];

/** A row of the staff list, from the index (the sizes come from the database). */
export type StaffRow = {
  id: number;
  slug: string;
  name: string;
  category_id: number;
  category_name: string;
  product_type: ProductType;
  vintage: number | null;
  status: ProductStatus;
  is_featured: boolean;
  is_new_arrival: boolean;
  price: number | null;
  stock_total: number;
  low_stock: boolean;
  image: string | null;
  updated_at: Date;
};

export type ListOrder =
  | 'relevance'
  | 'newest'
  | 'price'
  | '-price'
  | 'rating'
  | '-rating'
  | 'name'
  | '-name'
  | 'featured'
  | 'discount'
  // The staff list's own orders.
  | 'updated'
  | 'stock'
  | '-stock';

export type FacetRow = {
  facet: 'category' | 'type' | 'country' | 'price' | 'total';
  key: string;
  count: number;
};

/**
 * Matches ranked in relevance order (the first found); the rest follow in the order found (by
 * id). The staff list's search ranks as many.
 */
export const SEARCH_RANKED = 60;

/**
 * The in-process catalog index, the only read model of the storefront's lists, searches, facets,
 * counts and related products (docs/decisions/0027-one-catalog-read-path.md; built by 0016):
 * every listed product's list fields in typed columns, its search document as an inverted index
 * (lexeme → product positions, with the weights it has there), and the catalog's words for
 * correcting a query. Each filter, order and facet band is written here once. It answers the
 * cards of the page too, without a database round trip (only the catalog's version is asked,
 * one query shared by the requests of the moment).
 *
 * Positions are in id order (a full build reads by id; new products come last), so "the order
 * found" of a search is the id order. Removed products leave a dead position until the next
 * full build.
 */

const WEIGHT = { A: 1, B: 2, C: 4, D: 8 } as const;
const NO_VINTAGE = -2147483648;
/**
 * The image column's marks below the interned photos (0, 1, …) and none (-1): DRAWING - k is a
 * drawing in the k-th folder of drawingFolders ("/media/gen/v1/bottle/red-wine/2015/").
 */
const DRAWING = -2;
const DAY_MS = 86_400_000;
/** The flags column's bits. */
const IN_STOCK = 1;
const FEATURED = 2;
const NEW_ARRIVAL = 4;
const LOW_STOCK = 8;
/** On the storefront (listed, in an open category): every storefront read tests it (matcher). */
const SHOWN = 16;
/** A match of a staff search found by a SKU's start (the Matches' flags beside name and place). */
const SKU_FLAG = 4;
/** The recent lists' match sets together (see matchSet): 320 filter sets at 100,000 products. */
const MATCH_SET_BYTES = 4 * 1024 * 1024;

/** A product as the index reads it (see catalog-index-loader). */
export type IndexRow = {
  id: number;
  category_id: number;
  product_type: ProductType;
  country: string | null;
  region: string | null;
  varietal: string | null;
  vintage: number | null;
  /** Null for a product without a sellable size (never on the storefront). */
  price: number | null;
  original_price: number | null;
  in_stock: boolean;
  low_stock: boolean;
  stock_total: number;
  status: ProductStatus;
  /** Listed in an open category: the only products storefront reads ever see. */
  shown: boolean;
  updated_ms: number;
  /** The product's SKUs (every size's, retired ones too), one a line. */
  skus: string;
  is_featured: boolean;
  is_new_arrival: boolean;
  created_ms: number;
  rating: number;
  review_count: number;
  name_folded: string;
  /** `search_document::text`: 'lexeme':1A,2B … */
  document: string;
  // The rest of a card (see cardColumns of catalog.repository).
  slug: string;
  name: string;
  default_variant_id: number;
  category_name: string;
  category_slug: string;
  image: CardImage | null;
};

/** catalog_words with the English stems PostgreSQL gives each word and each start of a word. */
export type Vocabulary = {
  /** Every word, for the nearest-word correction. */
  words: string[];
  /** to_tsquery('english', word)::text, for the words that may be typed (null: not available). */
  exact: Map<string, string | null>;
  /** to_tsquery('english', start || ':*')::text for every start (3+ letters) of a word. */
  prefixes: Map<string, string>;
};

// ---------------------------------------------------------------------------------------------
// Folding and trigrams, as catalog_fold and pg_trgm compute them
// ---------------------------------------------------------------------------------------------

const FOLD_FROM = 'øæœłđßıħŧðþØÆŒŁĐĦŦÐÞ';
const FOLD_TO = 'oaoldsihtdtoaoldhtdt';

const ASCII_ONLY = /^\p{ASCII}*$/u;

/** Most names are plain ASCII: folding and word splitting take a fast path for them. */
const isAscii = (text: string): boolean => ASCII_ONLY.test(text);

/** catalog_fold: lower case, accents and apostrophes removed (0002_catalog_search). */
export function catalogFold(input: string): string {
  if (isAscii(input)) return input.toLowerCase().replaceAll("'", '');
  const lowered = input
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  let out = '';
  for (const char of lowered) {
    if (char === "'" || char === '’' || char === '‘') continue;
    const at = FOLD_FROM.indexOf(char);
    out += at >= 0 ? FOLD_TO[at] : char;
  }
  return out;
}

/** The words of a text as pg_trgm splits them (letters and digits), lower case. */
function trigramWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** pg_trgm's trigrams of a text, in order, repeats kept ("  w", " wo", "wor", "ord", "rd "). */
export function trigramSequence(text: string): string[] {
  const result: string[] = [];
  for (const word of trigramWords(text)) {
    const chars = [' ', ' ', ...word, ' '];
    for (let i = 0; i + 2 < chars.length; i++) result.push(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return result;
}

const f32 = Math.fround;

/** pg_trgm similarity(a, b): shared trigrams over all trigrams, as float4. */
export function trigramSimilarity(a: string, b: string): number {
  const ranker = new TrigramRanker();
  ranker.setQuery(a);
  return ranker.similarities(b).similarity;
}

/**
 * pg_trgm word_similarity(a, b): the greatest similarity of a's trigrams with a continuous
 * extent of b's (iterate_word_similarity of trgm_op.c, not strict).
 */
export function wordSimilarity(a: string, b: string): number {
  const ranker = new TrigramRanker();
  ranker.setQuery(a);
  return ranker.similarities(b).wordSimilarity;
}

/**
 * pg_trgm's similarity and word_similarity of one query against many names (a search's ranking),
 * on integer trigram ids: each word's trigrams are worked out once and kept, and the counts use
 * typed scratch arrays (pg_trgm's rules; the search fixture judges the result).
 */
export class TrigramRanker {
  private ids = new Map<string, number>();
  private wordSequences = new Map<string, Int32Array>();
  private inQuery = new Uint8Array(0);
  private lastpos = new Int32Array(0);
  private stamp = new Int32Array(0);
  private generation = 0;
  private queryIds: number[] = [];
  private querySize = 0;

  private idOf(trigram: string): number {
    let id = this.ids.get(trigram);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(trigram, id);
      if (id >= this.inQuery.length) this.grow(id + 1);
    }
    return id;
  }

  private grow(wanted: number) {
    const size = Math.max(wanted, this.inQuery.length * 2, 1024);
    const inQuery = new Uint8Array(size);
    inQuery.set(this.inQuery);
    const lastpos = new Int32Array(size).fill(-1);
    lastpos.set(this.lastpos);
    const stamp = new Int32Array(size);
    stamp.set(this.stamp);
    this.inQuery = inQuery;
    this.lastpos = lastpos;
    this.stamp = stamp;
  }

  private wordSequence(word: string): Int32Array {
    let sequence = this.wordSequences.get(word);
    if (!sequence) {
      const chars = [' ', ' ', ...word, ' '];
      sequence = new Int32Array(chars.length - 2);
      for (let i = 0; i + 2 < chars.length; i++)
        sequence[i] = this.idOf(chars[i]! + chars[i + 1]! + chars[i + 2]!);
      this.wordSequences.set(word, sequence);
    }
    return sequence;
  }

  /** The query the next similarities are of. */
  setQuery(text: string) {
    for (const id of this.queryIds) this.inQuery[id] = 0;
    // Every distinct query adds its trigrams: start afresh now and then (a few MB at most).
    if (this.ids.size > 200_000) {
      this.ids = new Map();
      this.wordSequences = new Map();
      this.inQuery = new Uint8Array(0);
      this.lastpos = new Int32Array(0);
      this.stamp = new Int32Array(0);
    }
    const trigrams = new Set(trigramSequence(text));
    this.querySize = trigrams.size;
    this.queryIds = [...trigrams].map((trigram) => this.idOf(trigram));
    for (const id of this.queryIds) this.inQuery[id] = 1;
  }

  /** The text's trigram ids in order, in the scratch array `sequence`; how many there are. */
  private textSequence(text: string): number {
    let length = 0;
    const append = (word: string) => {
      const ids = this.wordSequence(word);
      if (length + ids.length > this.sequence.length) {
        const grown = new Int32Array(Math.max(2 * this.sequence.length, length + ids.length));
        grown.set(this.sequence.subarray(0, length));
        this.sequence = grown;
      }
      this.sequence.set(ids, length);
      length += ids.length;
    };
    if (!isAscii(text)) {
      for (const word of trigramWords(text)) append(word);
      return length;
    }
    // ASCII: the words are the runs of letters and digits, lower-cased (as trigramWords splits).
    const lowered = text.toLowerCase();
    let wordStart = -1;
    for (let i = 0; i <= lowered.length; i++) {
      const code = i < lowered.length ? lowered.charCodeAt(i) : 32;
      const inWord = (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
      if (inWord) {
        if (wordStart < 0) wordStart = i;
      } else if (wordStart >= 0) {
        append(lowered.slice(wordStart, i));
        wordStart = -1;
      }
    }
    return length;
  }

  private sequence = new Int32Array(64);

  /** similarity(query, text) and word_similarity(query, text) of pg_trgm. */
  similarities(text: string): { similarity: number; wordSimilarity: number } {
    const length = this.textSequence(text);
    const second = this.sequence;
    if (this.querySize === 0 || length === 0) return { similarity: 0, wordSimilarity: 0 };
    const { inQuery, lastpos, stamp } = this;
    const generation = ++this.generation;
    let distinct = 0;
    let common = 0;
    for (let i = 0; i < length; i++) {
      const id = second[i]!;
      if (stamp[id] === generation) continue;
      stamp[id] = generation;
      distinct++;
      if (inQuery[id] === 1) common++;
    }
    const similarity = f32(common / (this.querySize + distinct - common));

    // iterate_word_similarity of trgm_op.c: the best extent of the text's trigrams.
    const ulen1 = this.querySize;
    let lower = -1;
    let count = 0;
    let ulen2 = 0;
    let best = 0;
    for (let i = 0; i < length; i++) {
      const id = second[i]!;
      const found = inQuery[id] === 1;
      if (lower >= 0 || found) {
        if (lastpos[id]! < 0) {
          ulen2++;
          if (found) count++;
        }
        lastpos[id] = i;
      }
      if (found) {
        const upper = i;
        if (lower === -1) {
          lower = i;
          ulen2 = 1;
        }
        let current = f32(count / (ulen1 + ulen2 - count));
        let tmpCount = count;
        let tmpUlen2 = ulen2;
        const prevLower = lower;
        for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
          const tmp = f32(tmpCount / (ulen1 + tmpUlen2 - tmpCount));
          if (tmp > current) {
            current = tmp;
            ulen2 = tmpUlen2;
            lower = tmpLower;
            count = tmpCount;
          }
          const tmpId = second[tmpLower]!;
          if (lastpos[tmpId] === tmpLower) {
            tmpUlen2--;
            if (inQuery[tmpId] === 1) tmpCount--;
          }
        }
        if (current > best) best = current;
        for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
          const tmpId = second[tmpLower]!;
          if (lastpos[tmpId] === tmpLower) lastpos[tmpId] = -1;
        }
      }
    }
    for (let i = 0; i < length; i++) lastpos[second[i]!] = -1;
    return { similarity, wordSimilarity: best };
  }
}

// ---------------------------------------------------------------------------------------------
// Documents and queries
// ---------------------------------------------------------------------------------------------

/** The lexemes of a tsvector's text form with the weights each has (A=1, B=2, C=4, D=8). */
export function parseDocument(text: string): Map<string, number> {
  const lexemes = new Map<string, number>();
  let i = 0;
  while (i < text.length) {
    while (text[i] === ' ') i++;
    if (text[i] !== "'") break;
    i++;
    let lexeme = '';
    while (i < text.length) {
      const char = text[i]!;
      if (char === "'") {
        if (text[i + 1] === "'") {
          lexeme += "'";
          i += 2;
          continue;
        }
        i++;
        break;
      }
      if (char === '\\') {
        lexeme += text[i + 1] ?? '';
        i += 2;
        continue;
      }
      lexeme += char;
      i++;
    }
    let mask = 0;
    if (text[i] === ':') {
      // Positions: 1A,2,3B … (no letter: weight D).
      i++;
      while (i < text.length && text[i] !== ' ') {
        while (text[i]! >= '0' && text[i]! <= '9') i++;
        const letter = text[i];
        if (letter === 'A' || letter === 'B' || letter === 'C' || letter === 'D') {
          mask |= WEIGHT[letter];
          i++;
        } else mask |= WEIGHT.D;
        if (text[i] === ',') i++;
        else break;
      }
    } else mask = WEIGHT.D;
    lexemes.set(lexeme, (lexemes.get(lexeme) ?? 0) | mask);
  }
  return lexemes;
}

/** The lexemes of to_tsquery's text form: 'glenf':* → [{ lexeme: 'glenf', prefix: true }]. */
export function parseQueryLexemes(text: string): { lexeme: string; prefix: boolean }[] {
  const result: { lexeme: string; prefix: boolean }[] = [];
  for (const match of text.matchAll(/'((?:[^']|'')*)'(:\*)?/g)) {
    result.push({ lexeme: match[1]!.replaceAll("''", "'"), prefix: match[2] !== undefined });
  }
  return result;
}

/** Positions matching one query word, with flags: 1 = in the name (A), 2 = in name or place (A, B). */
type Matches = { positions: Int32Array; flags: Uint8Array };

function flagsOf(mask: number): number {
  return (mask & WEIGHT.A ? 1 : 0) | (mask & (WEIGHT.A | WEIGHT.B) ? 2 : 0);
}

function intersect(a: Matches, b: Matches): Matches {
  const positions = new Int32Array(Math.min(a.positions.length, b.positions.length));
  const flags = new Uint8Array(positions.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.positions.length && j < b.positions.length) {
    const x = a.positions[i]!;
    const y = b.positions[j]!;
    if (x < y) i++;
    else if (x > y) j++;
    else {
      positions[n] = x;
      flags[n++] = a.flags[i]! & b.flags[j]!;
      i++;
      j++;
    }
  }
  return { positions: positions.subarray(0, n), flags: flags.subarray(0, n) };
}

function union(a: Matches, b: Matches): Matches {
  const positions = new Int32Array(a.positions.length + b.positions.length);
  const flags = new Uint8Array(positions.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.positions.length || j < b.positions.length) {
    const x = i < a.positions.length ? a.positions[i]! : Number.POSITIVE_INFINITY;
    const y = j < b.positions.length ? b.positions[j]! : Number.POSITIVE_INFINITY;
    if (x < y) {
      positions[n] = x;
      flags[n++] = a.flags[i++]!;
    } else if (y < x) {
      positions[n] = y;
      flags[n++] = b.flags[j++]!;
    } else {
      positions[n] = x;
      flags[n++] = a.flags[i++]! | b.flags[j++]!;
    }
  }
  return { positions: positions.subarray(0, n), flags: flags.subarray(0, n) };
}

const EMPTY: Matches = { positions: new Int32Array(0), flags: new Uint8Array(0) };

/** A lexeme's products (positions ascending) and, for each, whether it is in the name or place. */
class Postings {
  positions = new Int32Array(4);
  masks = new Uint8Array(4);
  length = 0;

  push(position: number, mask: number) {
    if (this.length === this.positions.length) this.grow();
    this.positions[this.length] = position;
    this.masks[this.length++] = mask;
  }

  private grow() {
    const positions = new Int32Array(this.positions.length * 2);
    positions.set(this.positions);
    const masks = new Uint8Array(this.masks.length * 2);
    masks.set(this.masks);
    this.positions = positions;
    this.masks = masks;
  }

  private find(position: number): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.positions[mid]! < position) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  insert(position: number, mask: number) {
    const at = this.find(position);
    if (at < this.length && this.positions[at] === position) {
      this.masks[at] = mask;
      return;
    }
    if (this.length === this.positions.length) this.grow();
    this.positions.copyWithin(at + 1, at, this.length);
    this.masks.copyWithin(at + 1, at, this.length);
    this.positions[at] = position;
    this.masks[at] = mask;
    this.length++;
  }

  remove(position: number) {
    const at = this.find(position);
    if (at >= this.length || this.positions[at] !== position) return;
    this.positions.copyWithin(at, at + 1, this.length);
    this.masks.copyWithin(at, at + 1, this.length);
    this.length--;
  }

  trim() {
    this.positions = this.positions.slice(0, this.length);
    this.masks = this.masks.slice(0, this.length);
  }

  /** The postings as matches; `masks` hold the name/place flags already (see addDocument). */
  matches(): Matches {
    return { positions: this.positions.subarray(0, this.length), flags: this.masks.subarray(0, this.length) };
  }
}

/** Interned values: each distinct one kept once, by number (compared by `keyOf`; null is -1). */
class Interned<T> {
  readonly values: T[] = [];
  private readonly ids = new Map<string, number>();
  constructor(private readonly keyOf: (value: T) => string) {}
  id(value: T | null): number {
    if (value === null) return -1;
    const key = this.keyOf(value);
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(key, id);
    }
    return id;
  }
}

/** Interned strings (countries, places). */
const strings = () => new Interned<string>((value) => value);

/**
 * One string per position, kept as one long string and offsets once built: 100,000 folded and
 * display names, slugs and drawings' files are then four strings for the garbage collector to
 * trace, not 400,000, and each saves a string's header (the folded names alone weighed 6.7 MB).
 * Positions changed after the build are kept apart.
 */
class PackedStrings {
  private parts: string[] = [];
  private packed = '';
  private offsets = new Int32Array(1);
  private readonly changed = new Map<number, string>();

  set(position: number, value: string) {
    if (position < this.offsets.length - 1) this.changed.set(position, value);
    else this.parts[position] = value;
  }

  get(position: number): string {
    const changed = this.changed.get(position);
    if (changed !== undefined) return changed;
    if (position < this.offsets.length - 1)
      return this.packed.slice(this.offsets[position], this.offsets[position + 1]);
    return this.parts[position] ?? '';
  }

  /**
   * Compares two positions' strings as `<` does (by UTF-16 code units), reading the packed string
   * in place rather than cutting each out: sorting by name compares a pair millions of times.
   */
  compare(a: number, b: number): number {
    const packedCount = this.offsets.length - 1;
    if (a >= packedCount || b >= packedCount || this.changed.has(a) || this.changed.has(b)) {
      return compareText(this.get(a), this.get(b));
    }
    const { packed, offsets } = this;
    let i = offsets[a]!;
    let j = offsets[b]!;
    const aEnd = offsets[a + 1]!;
    const bEnd = offsets[b + 1]!;
    for (; i < aEnd && j < bEnd; i++, j++) {
      const difference = packed.charCodeAt(i) - packed.charCodeAt(j);
      if (difference !== 0) return difference < 0 ? -1 : 1;
    }
    const aLeft = aEnd - i;
    const bLeft = bEnd - j;
    return aLeft === bLeft ? 0 : aLeft < bLeft ? -1 : 1;
  }

  /** Packs what the build set (positions 0…size-1). */
  pack(size: number) {
    const all: string[] = [];
    const offsets = new Int32Array(size + 1);
    let at = 0;
    for (let position = 0; position < size; position++) {
      const value = this.get(position);
      offsets[position] = at;
      at += value.length;
      all.push(value);
    }
    offsets[size] = at;
    this.packed = all.join('');
    this.offsets = offsets;
    this.parts = [];
    this.changed.clear();
  }
}

/** Product id → position, as a typed array indexed by id. */
class PositionsById {
  /** Ids above this (a sequence moved far ahead) are kept in a Map instead. */
  private static readonly DENSE_LIMIT = 4_194_304;
  private positions = new Int32Array(0);
  private readonly sparse = new Map<number, number>();
  size = 0;

  get(id: number): number | undefined {
    if (id >= PositionsById.DENSE_LIMIT) return this.sparse.get(id);
    const stored = id < this.positions.length ? this.positions[id]! : 0;
    return stored === 0 ? undefined : stored - 1;
  }

  has(id: number): boolean {
    return this.get(id) !== undefined;
  }

  set(id: number, position: number) {
    if (id >= PositionsById.DENSE_LIMIT) {
      if (!this.sparse.has(id)) this.size++;
      this.sparse.set(id, position);
      return;
    }
    if (id >= this.positions.length) {
      const grown = new Int32Array(Math.max(id + 1, this.positions.length * 2, 1024));
      grown.set(this.positions);
      this.positions = grown;
    }
    if (this.positions[id] === 0) this.size++;
    this.positions[id] = position + 1;
  }

  delete(id: number) {
    if (this.get(id) === undefined) return;
    if (id >= PositionsById.DENSE_LIMIT) this.sparse.delete(id);
    else this.positions[id] = 0;
    this.size--;
  }
}

type SortedOrder = 'newest' | 'price' | 'rating' | 'name' | 'discount' | 'updated' | 'stock';
const SORTED_ORDERS: SortedOrder[] = ['newest', 'price', 'rating', 'name', 'discount', 'updated', 'stock'];

/** Each list order as a sorted order of the index, walked forwards or backwards. */
function walkOf(order: ListOrder): { by: SortedOrder; reverse: boolean } {
  switch (order) {
    case 'relevance':
    case 'newest':
      return { by: 'newest', reverse: false };
    case 'price':
      return { by: 'price', reverse: false };
    case '-price':
    case 'featured':
      return { by: 'price', reverse: true };
    case 'rating':
      return { by: 'rating', reverse: false };
    case '-rating':
      return { by: 'rating', reverse: true };
    case 'name':
      return { by: 'name', reverse: false };
    case '-name':
      return { by: 'name', reverse: true };
    case 'discount':
      return { by: 'discount', reverse: false };
    case 'updated':
      return { by: 'updated', reverse: false };
    case 'stock':
      return { by: 'stock', reverse: false };
    case '-stock':
      return { by: 'stock', reverse: true };
  }
}

type FacetName = 'category' | 'type' | 'country' | 'price';

export type IndexPage = { ids: number[]; count: number; capped: boolean };

/** Positions kept sorted in each of the sorted orders (the whole catalog's, or one category's). */
class SortedOrders {
  readonly orders = new Map<SortedOrder, Int32Array>();
  length = 0;

  constructor(positions: number[], compare: (by: SortedOrder) => (a: number, b: number) => number) {
    for (const by of SORTED_ORDERS) this.orders.set(by, Int32Array.from([...positions].sort(compare(by))));
    this.length = positions.length;
  }

  remove(position: number) {
    let removed = false;
    for (const by of SORTED_ORDERS) {
      const order = this.orders.get(by)!;
      const at = order.subarray(0, this.length).indexOf(position);
      if (at >= 0) {
        order.copyWithin(at, at + 1, this.length);
        removed = true;
      }
    }
    if (removed) this.length--;
  }

  insert(position: number, compare: (by: SortedOrder) => (a: number, b: number) => number) {
    for (const by of SORTED_ORDERS) {
      let order = this.orders.get(by)!;
      const before = compare(by);
      let low = 0;
      let high = this.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (before(order[mid]!, position) < 0) low = mid + 1;
        else high = mid;
      }
      if (this.length === order.length) {
        const bigger = new Int32Array(Math.max(16, order.length * 2));
        bigger.set(order);
        order = bigger;
        this.orders.set(by, order);
      }
      order.copyWithin(low + 1, low, this.length);
      order[low] = position;
    }
    this.length++;
  }
}

const bandOf = (price: number): number =>
  PRICE_BANDS.findIndex((band) => price >= band.min && (band.max === null || price <= band.max));

export class CatalogIndex {
  /** The catalog's version (catalog_version) this index reflects. */
  version = 0;
  private capacity = 0;
  /** Positions in use (live or dead). */
  size = 0;
  private ids = new Int32Array(0);
  private alive = new Uint8Array(0);
  private category = new Int32Array(0);
  private type = new Uint8Array(0);
  private country = new Int32Array(0);
  private region = new Int32Array(0);
  private varietal = new Int32Array(0);
  private vintage = new Int32Array(0);
  private price = new Float64Array(0);
  private originalPrice = new Float64Array(0);
  private flags = new Uint8Array(0);
  private created = new Float64Array(0);
  private rating = new Float64Array(0);
  private reviews = new Int32Array(0);
  private status = new Uint8Array(0);
  private stock = new Int32Array(0);
  private updated = new Float64Array(0);
  /** Each product's SKUs, one a line, each line begun by "\n" (see skuMatches). */
  private readonly skus = new PackedStrings();
  private documentHash = new Int32Array(0);
  /** Names as catalog_fold makes them: for the name order and a search's ranking. */
  private readonly foldedNames = new PackedStrings();
  private readonly displayNames = new PackedStrings();
  private readonly slugs = new PackedStrings();
  private defaultVariant = new Int32Array(0);
  /** Each product's first image: an uploaded photo's (interned), a drawing's URL, or none. */
  private image = new Int32Array(0);
  private readonly images = new Interned<CardImage>((image) => JSON.stringify(image));
  /**
   * A drawing's URL is its folder (style and vintage: a few hundred, interned) and its file,
   * kept only when it is not the product's name's (generatedImageFile): the whole URLs of 100,000 drawings
   * weighed 9 MB.
   */
  private readonly drawingFolders = strings();
  private readonly drawingFiles = new PackedStrings();
  private readonly categoryNames = new Map<number, { name: string; slug: string }>();
  /** Position + 1 by product id (0: not held); ids are dense, and a Map of 100,000 weighed 4 MB. */
  private readonly byId = new PositionsById();
  private readonly countries = strings();
  /** Each country's lower-case form, by country id (the filter and the facet compare lower case). */
  private readonly countryLower: number[] = [];
  private readonly lowerCountries = strings();
  private readonly places = strings();
  private readonly lexemes = new Map<string, Postings>();
  private sortedLexemes: string[] | null = null;
  /** The sorted orders of every listed product; null while a full build is under way. */
  private sorted: SortedOrders | null = null;
  /**
   * The same orders per category, so a category's list walks its own products only (a deep page
   * of a small category under a filter no longer walks the whole catalog).
   */
  private readonly sortedByCategory = new Map<number, SortedOrders>();
  /** The category under which each position is kept in sortedByCategory (-1: none). */
  private placedCategory = new Int32Array(0);
  private vocabulary: Vocabulary = { words: [], exact: new Map(), prefixes: new Map() };
  private sortedWords: string[] = [];
  /** Trigram → the vocabulary's words having it (ids into vocabulary.words), for corrections. */
  private wordsByTrigram = new Map<string, Int32Array>();
  /** Each word's count of distinct trigrams. */
  private wordTrigramCount = new Int32Array(0);
  private readonly ranker = new TrigramRanker();
  /** Shared trigrams per word while a correction is worked out (zero between calls). */
  private sharedTrigrams = new Int32Array(0);

  get productCount(): number {
    return this.byId.size;
  }

  setVocabulary(vocabulary: Vocabulary) {
    this.vocabulary = vocabulary;
    this.sortedWords = [...vocabulary.words].sort(compareText);
    const lists = new Map<string, number[]>();
    this.wordTrigramCount = new Int32Array(vocabulary.words.length);
    vocabulary.words.forEach((word, id) => {
      const trigrams = new Set(trigramSequence(word));
      this.wordTrigramCount[id] = trigrams.size;
      for (const trigram of trigrams) {
        const list = lists.get(trigram);
        if (list) list.push(id);
        else lists.set(trigram, [id]);
      }
    });
    this.wordsByTrigram = new Map([...lists].map(([trigram, ids]) => [trigram, Int32Array.from(ids)]));
    this.sharedTrigrams = new Int32Array(vocabulary.words.length);
  }

  private ensureCapacity(wanted: number) {
    if (wanted <= this.capacity) return;
    const capacity = Math.max(wanted, this.capacity * 2, 64);
    const grow = <T extends Int32Array | Uint8Array | Float64Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old as never);
      return next;
    };
    this.ids = grow(this.ids, (n) => new Int32Array(n));
    this.alive = grow(this.alive, (n) => new Uint8Array(n));
    this.category = grow(this.category, (n) => new Int32Array(n));
    this.type = grow(this.type, (n) => new Uint8Array(n));
    this.country = grow(this.country, (n) => new Int32Array(n));
    this.region = grow(this.region, (n) => new Int32Array(n));
    this.varietal = grow(this.varietal, (n) => new Int32Array(n));
    this.vintage = grow(this.vintage, (n) => new Int32Array(n));
    this.price = grow(this.price, (n) => new Float64Array(n));
    this.originalPrice = grow(this.originalPrice, (n) => new Float64Array(n));
    this.flags = grow(this.flags, (n) => new Uint8Array(n));
    this.created = grow(this.created, (n) => new Float64Array(n));
    this.rating = grow(this.rating, (n) => new Float64Array(n));
    this.reviews = grow(this.reviews, (n) => new Int32Array(n));
    this.status = grow(this.status, (n) => new Uint8Array(n));
    this.stock = grow(this.stock, (n) => new Int32Array(n));
    this.updated = grow(this.updated, (n) => new Float64Array(n));
    this.documentHash = grow(this.documentHash, (n) => new Int32Array(n));
    this.defaultVariant = grow(this.defaultVariant, (n) => new Int32Array(n));
    this.image = grow(this.image, (n) => new Int32Array(n));
    this.placedCategory = grow(this.placedCategory, (n) => new Int32Array(n));
    this.capacity = capacity;
  }

  private setColumns(position: number, row: IndexRow) {
    this.ids[position] = row.id;
    this.alive[position] = 1;
    this.category[position] = row.category_id;
    this.type[position] = Math.max(0, PRODUCT_TYPES.indexOf(row.product_type));
    const country = this.countries.id(row.country);
    if (country >= 0 && this.countryLower[country] === undefined) {
      this.countryLower[country] = this.lowerCountries.id(row.country!.toLowerCase());
    }
    this.country[position] = country;
    this.region[position] = this.places.id(row.region);
    this.varietal[position] = this.places.id(row.varietal);
    this.vintage[position] = row.vintage ?? NO_VINTAGE;
    // NaN (no sellable size) compares false, as NULL does, and sorts last (see compare).
    this.price[position] = row.price === null ? Number.NaN : Number(row.price);
    this.originalPrice[position] = row.original_price === null ? Number.NaN : Number(row.original_price);
    this.flags[position] =
      (row.in_stock ? IN_STOCK : 0) |
      (row.is_featured ? FEATURED : 0) |
      (row.is_new_arrival ? NEW_ARRIVAL : 0) |
      (row.low_stock ? LOW_STOCK : 0) |
      (row.shown ? SHOWN : 0);
    this.status[position] = Math.max(0, STATUSES.indexOf(row.status));
    this.stock[position] = row.stock_total;
    this.updated[position] = row.updated_ms;
    this.skus.set(position, row.skus ? `\n${row.skus}` : '');
    this.created[position] = row.created_ms;
    this.rating[position] = Number(row.rating);
    this.reviews[position] = row.review_count;
    this.foldedNames.set(position, row.name_folded);
    this.displayNames.set(position, row.name);
    this.slugs.set(position, row.slug);
    this.defaultVariant[position] = row.default_variant_id;
    const image = row.image;
    if (
      image &&
      image.hash === null &&
      image.width === null &&
      image.height === null &&
      image.widths === null
    ) {
      const cut = image.url.lastIndexOf('/') + 1;
      const file = image.url.slice(cut);
      this.image[position] = DRAWING - this.drawingFolders.id(image.url.slice(0, cut));
      this.drawingFiles.set(position, file === generatedImageFile(row.name) ? '' : file);
    } else {
      this.image[position] = image ? this.images.id(image) : -1;
      this.drawingFiles.set(position, '');
    }
    const category = this.categoryNames.get(row.category_id);
    if (category?.name !== row.category_name || category.slug !== row.category_slug) {
      this.categoryNames.set(row.category_id, { name: row.category_name, slug: row.category_slug });
    }
  }

  /**
   * The cards of the given products, in that order, as a product's page reads its own card
   * (cardColumns); a product not on the storefront (hidden, archived, deleted) is left out.
   */
  cards(ids: number[]): CardRow[] {
    const since = Date.now() - NEW_ARRIVAL_DAYS * DAY_MS;
    const cards: CardRow[] = [];
    for (const id of ids) {
      const p = this.byId.get(id);
      if (p === undefined || this.alive[p] !== 1 || (this.flags[p]! & SHOWN) === 0) continue;
      const category = this.categoryNames.get(this.category[p]!)!;
      const original = this.originalPrice[p]!;
      const country = this.country[p]!;
      const region = this.region[p]!;
      const vintage = this.vintage[p]!;
      const image = this.image[p]!;
      const flags = this.flags[p]!;
      cards.push({
        id,
        slug: this.slugs.get(p),
        name: this.displayNames.get(p),
        price: this.price[p]!,
        original_price: Number.isNaN(original) ? null : original,
        region: region >= 0 ? this.places.values[region]! : null,
        country: country >= 0 ? this.countries.values[country]! : null,
        vintage: vintage === NO_VINTAGE ? null : vintage,
        product_type: PRODUCT_TYPES[this.type[p]!]!,
        average_rating: this.rating[p]!,
        review_count: this.reviews[p]!,
        in_stock: (flags & 1) === 1,
        default_variant_id: this.defaultVariant[p]!,
        is_featured: (flags & 2) === 2,
        is_new: this.created[p]! > since || (flags & 4) === 4,
        category_name: category.name,
        category_slug: category.slug,
        image:
          image <= DRAWING
            ? { url: this.drawingUrl(p, image), hash: null, width: null, height: null, widths: null }
            : image >= 0
              ? this.images.values[image]!
              : null,
      });
    }
    return cards;
  }

  /** The staff list's rows of the given products, in that order (any status). */
  staffRows(ids: number[]): StaffRow[] {
    const rows: StaffRow[] = [];
    for (const id of ids) {
      const p = this.byId.get(id);
      if (p === undefined || this.alive[p] !== 1) continue;
      const vintage = this.vintage[p]!;
      const image = this.image[p]!;
      const flags = this.flags[p]!;
      const price = this.price[p]!;
      rows.push({
        id,
        slug: this.slugs.get(p),
        name: this.displayNames.get(p),
        category_id: this.category[p]!,
        category_name: this.categoryNames.get(this.category[p]!)!.name,
        product_type: PRODUCT_TYPES[this.type[p]!]!,
        vintage: vintage === NO_VINTAGE ? null : vintage,
        status: STATUSES[this.status[p]!]!,
        is_featured: (flags & FEATURED) !== 0,
        is_new_arrival: (flags & NEW_ARRIVAL) !== 0,
        price: Number.isNaN(price) ? null : price,
        stock_total: this.stock[p]!,
        low_stock: (flags & LOW_STOCK) !== 0,
        image:
          image <= DRAWING ? this.drawingUrl(p, image) : image >= 0 ? this.images.values[image]!.url : null,
        updated_at: new Date(this.updated[p]!),
      });
    }
    return rows;
  }

  private drawingUrl(position: number, image: number): string {
    const file = this.drawingFiles.get(position) || generatedImageFile(this.displayNames.get(position));
    return this.drawingFolders.values[DRAWING - image]! + file;
  }

  private addDocument(position: number, document: string) {
    this.documentHash[position] = hashText(document);
    for (const [lexeme, mask] of parseDocument(document)) {
      let postings = this.lexemes.get(lexeme);
      if (!postings) {
        postings = new Postings();
        this.lexemes.set(lexeme, postings);
        this.sortedLexemes = null;
      }
      // Only whether the word is in the name (A) or in the name or place (A, B) is ever asked.
      const flags = flagsOf(mask);
      if (postings.length === 0 || postings.positions[postings.length - 1]! < position) {
        postings.push(position, flags);
      } else postings.insert(position, flags);
    }
  }

  private removeDocument(position: number) {
    for (const postings of this.lexemes.values()) postings.remove(position);
  }

  /** Adds products in id order, above every id already held (a full build). */
  append(rows: IndexRow[]) {
    this.ensureCapacity(this.size + rows.length);
    for (const row of rows) {
      const position = this.size++;
      this.setColumns(position, row);
      this.addDocument(position, row.document);
      this.byId.set(row.id, position);
    }
    this.sorted = null;
    this.matchSets.clear();
    this.matchSetBytes = 0;
  }

  /** After a full build: sorted orders made, spare capacity let go. */
  finish() {
    for (const postings of this.lexemes.values()) postings.trim();
    this.foldedNames.pack(this.size);
    this.displayNames.pack(this.size);
    this.slugs.pack(this.size);
    this.drawingFiles.pack(this.size);
    this.skus.pack(this.size);
    this.buildOrders();
  }

  private compare(by: SortedOrder): (a: number, b: number) => number {
    const ids = this.ids;
    switch (by) {
      case 'newest': {
        const created = this.created;
        return (a, b) => created[b]! - created[a]! || ids[b]! - ids[a]!;
      }
      case 'price': {
        // NULLS LAST (a product without a sellable size; staff only).
        const price = this.price;
        return (a, b) => {
          const aNull = Number.isNaN(price[a]!);
          if (aNull !== Number.isNaN(price[b]!)) return aNull ? 1 : -1;
          return (aNull ? 0 : price[a]! - price[b]!) || ids[a]! - ids[b]!;
        };
      }
      case 'updated': {
        const updated = this.updated;
        return (a, b) => updated[b]! - updated[a]! || ids[b]! - ids[a]!;
      }
      case 'stock': {
        const stock = this.stock;
        return (a, b) => stock[a]! - stock[b]! || ids[a]! - ids[b]!;
      }
      case 'rating': {
        const { rating, reviews } = this;
        return (a, b) => rating[a]! - rating[b]! || reviews[a]! - reviews[b]! || ids[a]! - ids[b]!;
      }
      case 'name': {
        const names = this.foldedNames;
        return (a, b) => names.compare(a, b) || ids[a]! - ids[b]!;
      }
      case 'discount': {
        const { price, originalPrice } = this;
        // price / original_price ascending, NULLS LAST (no original price).
        return (a, b) => {
          const x = price[a]! / originalPrice[a]!;
          const y = price[b]! / originalPrice[b]!;
          const xNull = Number.isNaN(x);
          const yNull = Number.isNaN(y);
          if (xNull !== yNull) return xNull ? 1 : -1;
          return (xNull ? 0 : x - y) || ids[a]! - ids[b]!;
        };
      }
    }
  }

  private buildOrders() {
    const live: number[] = [];
    const byCategory = new Map<number, number[]>();
    for (let position = 0; position < this.size; position++) {
      this.placedCategory[position] = -1;
      if (!this.alive[position]) continue;
      live.push(position);
      const category = this.category[position]!;
      const positions = byCategory.get(category);
      if (positions) positions.push(position);
      else byCategory.set(category, [position]);
      this.placedCategory[position] = category;
    }
    const compare = (by: SortedOrder) => this.compare(by);
    this.sorted = new SortedOrders(live, compare);
    this.sortedByCategory.clear();
    for (const [category, positions] of byCategory) {
      this.sortedByCategory.set(category, new SortedOrders(positions, compare));
    }
  }

  private reorder(position: number, removeOnly: boolean) {
    this.matchSets.clear();
    this.matchSetBytes = 0;
    if (!this.sorted) return;
    const compare = (by: SortedOrder) => this.compare(by);
    this.sorted.remove(position);
    const placed = this.placedCategory[position]!;
    if (placed >= 0) this.sortedByCategory.get(placed)?.remove(position);
    this.placedCategory[position] = -1;
    if (removeOnly) return;
    this.sorted.insert(position, compare);
    const category = this.category[position]!;
    let orders = this.sortedByCategory.get(category);
    if (orders) orders.insert(position, compare);
    else {
      orders = new SortedOrders([position], compare);
      this.sortedByCategory.set(category, orders);
    }
    this.placedCategory[position] = category;
  }

  /** A product added or changed (a refresh): columns, orders, and its words if they changed. */
  upsert(row: IndexRow): { textChanged: boolean } {
    let position = this.byId.get(row.id);
    let textChanged = false;
    if (position === undefined) {
      this.ensureCapacity(this.size + 1);
      position = this.size++;
      this.byId.set(row.id, position);
      this.setColumns(position, row);
      this.addDocument(position, row.document);
      textChanged = true;
    } else {
      this.setColumns(position, row);
      if (this.documentHash[position] !== hashText(row.document)) {
        this.removeDocument(position);
        this.addDocument(position, row.document);
        textChanged = true;
      }
    }
    this.reorder(position, false);
    return { textChanged };
  }

  /** A product deleted (a hidden or archived one stays, for the staff). */
  remove(id: number) {
    const position = this.byId.get(id);
    if (position === undefined) return;
    this.byId.delete(id);
    this.alive[position] = 0;
    this.removeDocument(position);
    this.reorder(position, true);
  }

  /** Held (any status, for the staff). */
  has(id: number): boolean {
    return this.byId.has(id);
  }

  /** Held and on the storefront (listed, in an open category). */
  shows(id: number): boolean {
    const position = this.byId.get(id);
    return position !== undefined && (this.flags[position]! & SHOWN) !== 0;
  }

  // -------------------------------------------------------------------------------------------
  // Filters
  // -------------------------------------------------------------------------------------------

  /** The filters (but the one a facet leaves out) as a test of a position. */
  private matcher(filters: ProductFilters, omit?: FacetName): (position: number) => boolean {
    const tests: ((position: number) => boolean)[] = [];
    const { category, type, country, region, varietal, vintage, price, originalPrice, flags } = this;
    // Hidden and archived products (and those of a closed category) are the staff's alone.
    if (!filters.staff) tests.push((p) => (flags[p]! & SHOWN) !== 0);
    if (filters.status !== undefined) {
      const wanted = STATUSES.indexOf(filters.status);
      const status = this.status;
      tests.push((p) => status[p] === wanted);
    }
    if (filters.categoryId !== undefined && omit !== 'category') {
      const wanted = filters.categoryId;
      tests.push((p) => category[p] === wanted);
    }
    if (filters.type && omit !== 'type') {
      const wanted = PRODUCT_TYPES.indexOf(filters.type);
      tests.push((p) => type[p] === wanted);
    }
    if (filters.country && omit !== 'country') {
      const lowered = filters.country.toLowerCase();
      const allowed = new Uint8Array(this.countries.values.length);
      this.countries.values.forEach((value, id) => {
        allowed[id] = value.toLowerCase() === lowered ? 1 : 0;
      });
      tests.push((p) => country[p]! >= 0 && allowed[country[p]!] === 1);
    }
    const containing = (text: string) => {
      const lowered = text.toLowerCase();
      const allowed = new Uint8Array(this.places.values.length);
      this.places.values.forEach((value, id) => {
        allowed[id] = value.toLowerCase().includes(lowered) ? 1 : 0;
      });
      return allowed;
    };
    if (filters.region) {
      const allowed = containing(filters.region);
      tests.push((p) => region[p]! >= 0 && allowed[region[p]!] === 1);
    }
    if (filters.varietal) {
      const allowed = containing(filters.varietal);
      tests.push((p) => varietal[p]! >= 0 && allowed[varietal[p]!] === 1);
    }
    if (filters.vintageMin !== undefined) {
      const min = filters.vintageMin;
      tests.push((p) => vintage[p] !== NO_VINTAGE && vintage[p]! >= min);
    }
    if (filters.vintageMax !== undefined) {
      const max = filters.vintageMax;
      tests.push((p) => vintage[p] !== NO_VINTAGE && vintage[p]! <= max);
    }
    if (omit !== 'price') {
      if (filters.priceMin !== undefined) {
        const min = filters.priceMin;
        tests.push((p) => price[p]! >= min);
      }
      if (filters.priceMax !== undefined) {
        const max = filters.priceMax;
        tests.push((p) => price[p]! <= max);
      }
    }
    // NaN (no original price) compares false, as NULL does.
    if (filters.onSale === true) tests.push((p) => originalPrice[p]! > price[p]!);
    if (filters.onSale === false) tests.push((p) => !(originalPrice[p]! > price[p]!));
    if (filters.inStock === true) tests.push((p) => (flags[p]! & IN_STOCK) !== 0);
    if (filters.inStock === false) tests.push((p) => (flags[p]! & IN_STOCK) === 0);
    if (filters.lowStock) tests.push((p) => (flags[p]! & LOW_STOCK) !== 0);
    if (filters.featured === true) tests.push((p) => (flags[p]! & FEATURED) !== 0);
    if (filters.featured === false) tests.push((p) => (flags[p]! & FEATURED) === 0);
    if (filters.newArrivals) {
      const since = Date.now() - NEW_ARRIVAL_DAYS * DAY_MS;
      const created = this.created;
      tests.push((p) => created[p]! > since || (flags[p]! & NEW_ARRIVAL) !== 0);
    }
    const alive = this.alive;
    if (tests.length === 0) return (p) => alive[p] === 1;
    if (tests.length === 1) {
      const only = tests[0]!;
      return (p) => alive[p] === 1 && only(p);
    }
    return (p) => {
      if (alive[p] !== 1) return false;
      for (const test of tests) if (!test(p)) return false;
      return true;
    };
  }

  // -------------------------------------------------------------------------------------------
  // Lists
  // -------------------------------------------------------------------------------------------

  /**
   * The products each recent list's filters match, as a bit per position, with their number;
   * dropped on every change. A stream of pages over the same filters (its orders, its page
   * numbers) then walks its order testing one bit per product instead of every filter.
   */
  private readonly matchSets = new Map<string, { bits: Uint32Array; count: number }>();
  private matchSetBytes = 0;

  /** The filters' match set over `scope` (null for a new arrivals list: it moves with the clock). */
  private matchSet(
    filters: ProductFilters,
    scope: SortedOrders | null,
  ): { bits: Uint32Array; count: number } {
    const key = filters.newArrivals ? null : JSON.stringify(filters);
    const kept = key === null ? undefined : this.matchSets.get(key);
    if (kept) return kept;
    const matches = this.matcher(filters);
    const bits = new Uint32Array((this.size + 31) >>> 5);
    let count = 0;
    if (scope) {
      const positions = scope.orders.get('newest')!;
      for (let i = 0; i < scope.length; i++) {
        const position = positions[i]!;
        if (!matches(position)) continue;
        bits[position >>> 5]! |= 1 << (position & 31);
        count++;
      }
    }
    const set = { bits, count };
    if (key !== null) {
      if (this.matchSetBytes + bits.byteLength > MATCH_SET_BYTES) {
        this.matchSets.clear();
        this.matchSetBytes = 0;
      }
      this.matchSets.set(key, set);
      this.matchSetBytes += bits.byteLength;
    }
    return set;
  }

  /** A list page without a search: the ids of the page, in order, and how many match. */
  list(filters: ProductFilters, order: ListOrder, limit: number, offset: number): IndexPage {
    // A category's list walks that category's own orders.
    const scope =
      filters.categoryId === undefined
        ? this.sorted
        : (this.sortedByCategory.get(filters.categoryId) ?? null);
    const { bits, count } = this.matchSet(filters, scope);
    const ids: number[] = [];
    if (offset < count && scope) {
      const { by, reverse } = walkOf(order);
      const sorted = scope.orders.get(by)!;
      const length = scope.length;
      let seen = 0;
      for (let i = 0; i < length && ids.length < limit; i++) {
        const position = sorted[reverse ? length - 1 - i : i]!;
        if (((bits[position >>> 5]! >>> (position & 31)) & 1) === 0) continue;
        if (seen++ >= offset) ids.push(this.ids[position]!);
      }
    }
    return { ids, count, capped: false };
  }

  /**
   * The ids of the `limit` products of the product's category closest to it in price, ties by id,
   * nearest first: read either side of the product in the category's price order (price, id),
   * never a sort of the category. Empty for a product the index does not hold.
   */
  related(id: number, limit: number): number[] {
    const position = this.byId.get(id);
    const { price, ids, flags } = this;
    if (position === undefined || this.alive[position] !== 1 || (flags[position]! & SHOWN) === 0) return [];
    const scope = this.sortedByCategory.get(this.category[position]!);
    if (!scope) return [];
    const byPrice = scope.orders.get('price')!;
    // Only products on the storefront are related (the category's orders hold the staff's too).
    const shown = (p: number) => (flags[p]! & SHOWN) !== 0;
    const target = price[position]!;
    let low = 0;
    let high = scope.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (price[byPrice[mid]!]! < target) low = mid + 1;
      else high = mid;
    }
    const near: number[] = [];
    // At or above the price: (price, id) ascending is already nearest first, ties by id.
    for (let i = low; i < scope.length && near.length < limit + 1; i++) {
      if (byPrice[i] !== position && shown(byPrice[i]!)) near.push(byPrice[i]!);
    }
    // Below it, walked down: the last run of one price is taken whole, its ids ascending matter.
    let below = 0;
    let lastPrice = Number.NaN;
    for (let i = low - 1; i >= 0; i--) {
      const p = byPrice[i]!;
      if (!shown(p)) continue;
      if (below >= limit && price[p] !== lastPrice) break;
      near.push(p);
      lastPrice = price[p]!;
      below++;
    }
    near.sort((a, b) => Math.abs(price[a]! - target) - Math.abs(price[b]! - target) || ids[a]! - ids[b]!);
    return near.slice(0, limit).map((p) => ids[p]!);
  }

  // -------------------------------------------------------------------------------------------
  // Search
  // -------------------------------------------------------------------------------------------

  private lexemesStartingWith(start: string): string[] {
    if (!this.sortedLexemes) this.sortedLexemes = [...this.lexemes.keys()].sort(compareText);
    const all = this.sortedLexemes;
    let low = 0;
    let high = all.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compareText(all[mid]!, start) < 0) low = mid + 1;
      else high = mid;
    }
    const found: string[] = [];
    for (let i = low; i < all.length && all[i]!.startsWith(start); i++) found.push(all[i]!);
    return found;
  }

  private hasWordStartingWith(start: string): boolean {
    const all = this.sortedWords;
    let low = 0;
    let high = all.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compareText(all[mid]!, start) < 0) low = mid + 1;
      else high = mid;
    }
    return low < all.length && all[low]!.startsWith(start);
  }

  /** The catalog's nearest word by trigrams (similarity ≥ 0.3; then by the word), as catalog_search_query. */
  nearestWord(typed: string): string | undefined {
    const trigrams = new Set(trigramSequence(typed));
    let best: string | undefined;
    let bestDistance = Number.POSITIVE_INFINITY;
    const words = this.vocabulary.words;
    // Only words sharing a trigram can be similar: count the shared ones through the trigrams'
    // lists instead of comparing every word (similarity = shared / (|a| + |b| - shared)).
    const shared = this.sharedTrigrams;
    const touched: number[] = [];
    for (const trigram of trigrams) {
      const ids = this.wordsByTrigram.get(trigram);
      if (!ids) continue;
      for (let k = 0; k < ids.length; k++) {
        const id = ids[k]!;
        if (shared[id] === 0) touched.push(id);
        shared[id]!++;
      }
    }
    for (const i of touched) {
      const common = shared[i]!;
      shared[i] = 0;
      const similarity = f32(common / (trigrams.size + this.wordTrigramCount[i]! - common));
      if (similarity < f32(0.3)) continue;
      const distance = f32(1 - similarity);
      const word = words[i]!;
      if (distance < bestDistance || (distance === bestDistance && compareText(word, best!) < 0)) {
        best = word;
        bestDistance = distance;
      }
    }
    return best;
  }

  /**
   * The query's words as full-text terms, as catalog_search_query makes them: each is a list of
   * lexemes (all needed).
   */
  queryTerms(search: string): { lexeme: string; prefix: boolean }[][] {
    const typedWords = catalogFold(search)
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word !== '')
      .slice(0, 8);
    const terms: { lexeme: string; prefix: boolean }[][] = [];
    for (const typed of typedWords) {
      let query: string | null | undefined;
      if (/^[0-9]+$/.test(typed)) query = `'${typed}'`;
      else if (this.vocabulary.exact.has(typed)) query = this.vocabulary.exact.get(typed);
      else if (typed.length >= 3 && this.hasWordStartingWith(typed)) {
        query = this.vocabulary.prefixes.get(typed);
      } else {
        const nearest = this.nearestWord(typed);
        // No word near: the typed word itself (stemmed by PostgreSQL; here only if it is a lexeme).
        query =
          nearest === undefined ? `'${typed.replaceAll("'", "''")}'` : this.vocabulary.exact.get(nearest);
      }
      // A word PostgreSQL would not parse alone (no stems read for it): looked up as it is.
      if (query === undefined || query === null) query = `'${typed.replaceAll("'", "''")}'`;
      const lexemes = parseQueryLexemes(query);
      // A stop word: no lexeme, the word is left out.
      if (lexemes.length > 0) terms.push(lexemes);
    }
    return terms;
  }

  private termMatches(term: { lexeme: string; prefix: boolean }[]): Matches {
    let result: Matches | undefined;
    for (const { lexeme, prefix } of term) {
      let found: Matches = EMPTY;
      if (prefix) {
        for (const each of this.lexemesStartingWith(lexeme)) {
          found = union(found, this.lexemes.get(each)!.matches());
        }
      } else {
        found = this.lexemes.get(lexeme)?.matches() ?? EMPTY;
      }
      result = result ? intersect(result, found) : found;
    }
    return result ?? EMPTY;
  }

  /**
   * The products the search's words find (all, or any), with their name and place flags; for
   * staff, also those with a SKU starting with the search (skuPrefix: any case).
   */
  private searchMatches(search: string, matchAll: boolean, skus = false): Matches {
    const terms = this.queryTerms(search);
    let result: Matches | undefined;
    for (const term of terms) {
      const found = this.termMatches(term);
      result = result ? (matchAll ? intersect(result, found) : union(result, found)) : found;
    }
    return skus ? union(result ?? EMPTY, this.skuMatches(search)) : (result ?? EMPTY);
  }

  /** The products having a SKU that starts with the text (the rule of skuPrefix), in position order. */
  private skuMatches(text: string): Matches {
    const prefix = `\n${skuPrefix(text)}`;
    if (prefix === '\n') return EMPTY;
    const positions: number[] = [];
    for (let position = 0; position < this.size; position++) {
      if (this.alive[position] === 1 && this.skus.get(position).includes(prefix)) positions.push(position);
    }
    return { positions: Int32Array.from(positions), flags: new Uint8Array(positions.length).fill(SKU_FLAG) };
  }

  /**
   * A search page: at most SEARCH_COUNT_CAP + 1 matches counted;
   * in relevance order the first SEARCH_RANKED found are ranked, the rest follow as found; in
   * other orders the page is cut from every match.
   */
  search(
    filters: ProductFilters & { search: string },
    order: ListOrder,
    limit: number,
    offset: number,
    matchAll: boolean,
  ): IndexPage {
    const found = this.searchMatches(filters.search, matchAll, filters.staff);
    const matches = this.matcher(filters);
    const hits: number[] = [];
    // The name and place flags of the hits ranked (the first SEARCH_RANKED found).
    const hitFlags: number[] = [];
    const all = order !== 'relevance';
    for (let i = 0; i < found.positions.length; i++) {
      const position = found.positions[i]!;
      if (!matches(position)) continue;
      hits.push(position);
      if (hitFlags.length < SEARCH_RANKED) hitFlags.push(found.flags[i]!);
      if (!all && hits.length > SEARCH_COUNT_CAP) break;
    }
    const total = Math.min(hits.length, SEARCH_COUNT_CAP + 1);
    const count = Math.min(total, SEARCH_COUNT_CAP);
    const capped = total > SEARCH_COUNT_CAP;
    if (order === 'relevance') {
      // The first SEARCH_RANKED found, by rank (ties by id); then the rest in the order found.
      // Every rank is 0 or more, so the ranked ones all come first.
      const ranker = this.ranker;
      ranker.setQuery(catalogFold(filters.search));
      const ranked: { position: number; rank: number }[] = [];
      for (let row = 0; row < Math.min(total, SEARCH_RANKED); row++) {
        const position = hits[row]!;
        const flags = hitFlags[row]!;
        const { similarity, wordSimilarity } = ranker.similarities(this.foldedNames.get(position));
        // A SKU's start found (staff) comes before every match by words.
        const words = 4 * (flags & 1 ? 1 : 0) + 2 * (flags & 2 ? 1 : 0) + (flags & SKU_FLAG ? 16 : 0);
        ranked.push({ position, rank: f32(f32(words + f32(2 * wordSimilarity)) + similarity) });
      }
      ranked.sort((a, b) => b.rank - a.rank || this.ids[a.position]! - this.ids[b.position]!);
      const ids: number[] = [];
      for (let row = offset; row < Math.min(offset + limit, total); row++) {
        ids.push(this.ids[row < ranked.length ? ranked[row]!.position : hits[row]!]!);
      }
      return { ids, count, capped };
    }
    const { by, reverse } = walkOf(order);
    let page: number[];
    if (hits.length < 2_000) {
      const compare = this.compare(by);
      page = hits.sort(reverse ? (a, b) => compare(b, a) : compare).slice(offset, offset + limit);
    } else {
      const wanted = new Uint8Array(this.size);
      for (const position of hits) wanted[position] = 1;
      const sorted = this.sorted!.orders.get(by)!;
      const length = this.sorted!.length;
      page = [];
      let seen = 0;
      for (let i = 0; i < length && page.length < limit; i++) {
        const position = sorted[reverse ? length - 1 - i : i]!;
        if (!wanted[position]) continue;
        if (seen++ >= offset) page.push(position);
      }
    }
    return { ids: page.map((position) => this.ids[position]!), count, capped };
  }

  // -------------------------------------------------------------------------------------------
  // Facets
  // -------------------------------------------------------------------------------------------

  /**
   * Each facet's counts with the other filters applied (a facet leaves its own filter out), and
   * the total.
   */
  facetRows(filters: ProductFilters, matchAll = true): FacetRow[] {
    let candidates: Int32Array | null = null;
    if (filters.search) {
      const found = this.searchMatches(filters.search, matchAll, filters.staff);
      candidates = found.positions;
    }
    const facets: FacetName[] = ['category', 'type', 'country', 'price'];
    const isSet = (facet: FacetName) =>
      facet === 'category'
        ? filters.categoryId !== undefined
        : facet === 'type'
          ? Boolean(filters.type)
          : facet === 'country'
            ? Boolean(filters.country)
            : filters.priceMin !== undefined || filters.priceMax !== undefined;
    const rows: FacetRow[] = [];
    const each = (test: (position: number) => boolean, visit: (position: number) => void) => {
      if (candidates) {
        for (const position of candidates) if (test(position)) visit(position);
      } else {
        for (let position = 0; position < this.size; position++) if (test(position)) visit(position);
      }
    };
    const counters = (omit?: FacetName) => {
      const category = new Map<number, number>();
      const type = new Map<number, number>();
      const country = new Map<number, { count: number; key: string }>();
      const band = new Map<number, number>();
      let total = 0;
      each(this.matcher(filters, omit), (p) => {
        total++;
        category.set(this.category[p]!, (category.get(this.category[p]!) ?? 0) + 1);
        type.set(this.type[p]!, (type.get(this.type[p]!) ?? 0) + 1);
        const raw = this.country[p]!;
        if (raw >= 0) {
          const lower = this.countryLower[raw]!;
          const name = this.countries.values[raw]!;
          const entry = country.get(lower);
          if (!entry) country.set(lower, { count: 1, key: name });
          else {
            entry.count++;
            if (compareText(name, entry.key) < 0) entry.key = name;
          }
        }
        const b = bandOf(this.price[p]!);
        band.set(b, (band.get(b) ?? 0) + 1);
      });
      return { category, type, country, band, total };
    };
    const push = (facet: FacetName, counted: ReturnType<typeof counters>) => {
      if (facet === 'category')
        for (const [key, count] of counted.category) rows.push({ facet, key: String(key), count });
      else if (facet === 'type')
        for (const [key, count] of counted.type) rows.push({ facet, key: PRODUCT_TYPES[key]!, count });
      else if (facet === 'country')
        for (const { key, count } of counted.country.values()) rows.push({ facet, key, count });
      else
        for (const [key, count] of counted.band) {
          // A price in no band (below the first) is no choice.
          if (key >= 0) rows.push({ facet, key: PRICE_BANDS[key]!.key, count });
        }
    };
    const shared = counters();
    rows.push({ facet: 'total', key: '', count: shared.total });
    for (const facet of facets) push(facet, isSet(facet) ? counters(facet) : shared);
    return rows;
  }
}

/** PostgreSQL's C collation order (code points; the catalog's text is in the BMP). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A 32-bit hash of a product's document, to see whether its words changed. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}
