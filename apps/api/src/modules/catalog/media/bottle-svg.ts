import crypto from 'node:crypto';
import type { BottleStyle, GeneratedImage } from './media-urls';

/**
 * Draws the catalog's pictures as SVG: a bottle shaped and coloured for its style with a label
 * carrying the product's name and vintage, the bottle beside a poured glass, or a category
 * banner. Pure and deterministic: one input, one picture.
 */

type Shape = {
  bodyW: number;
  bodyH: number;
  shoulderH: number;
  neckW: number;
  neckH: number;
  /** Corner radius at the base. */
  r: number;
  /** Shoulder curve: how far the first control point rises (0..1 of the shoulder). */
  a: number;
  /** Shoulder curve: how far below the neck the second control point sits (0..1). */
  b: number;
};

const SHAPES = {
  bordeaux: { bodyW: 96, bodyH: 200, shoulderH: 40, neckW: 30, neckH: 92, r: 10, a: 0.75, b: 0.15 },
  burgundy: { bodyW: 106, bodyH: 160, shoulderH: 92, neckW: 30, neckH: 78, r: 12, a: 0.35, b: 0.45 },
  flute: { bodyW: 84, bodyH: 172, shoulderH: 110, neckW: 27, neckH: 62, r: 10, a: 0.3, b: 0.5 },
  champagne: { bodyW: 110, bodyH: 175, shoulderH: 86, neckW: 34, neckH: 74, r: 14, a: 0.35, b: 0.45 },
  port: { bodyW: 100, bodyH: 172, shoulderH: 40, neckW: 34, neckH: 72, r: 10, a: 0.8, b: 0.2 },
  half: { bodyW: 80, bodyH: 150, shoulderH: 70, neckW: 26, neckH: 60, r: 10, a: 0.35, b: 0.45 },
  whisky: { bodyW: 128, bodyH: 212, shoulderH: 26, neckW: 40, neckH: 56, r: 8, a: 0.92, b: 0.05 },
  decanter: { bodyW: 156, bodyH: 150, shoulderH: 72, neckW: 36, neckH: 52, r: 44, a: 0.5, b: 0.3 },
  gin: { bodyW: 114, bodyH: 215, shoulderH: 34, neckW: 38, neckH: 52, r: 12, a: 0.85, b: 0.1 },
  vodka: { bodyW: 92, bodyH: 232, shoulderH: 46, neckW: 30, neckH: 60, r: 10, a: 0.6, b: 0.3 },
  rum: { bodyW: 122, bodyH: 190, shoulderH: 40, neckW: 36, neckH: 60, r: 14, a: 0.7, b: 0.2 },
  tequila: { bodyW: 122, bodyH: 200, shoulderH: 24, neckW: 42, neckH: 48, r: 18, a: 0.92, b: 0.05 },
  round: { bodyW: 132, bodyH: 160, shoulderH: 62, neckW: 34, neckH: 60, r: 38, a: 0.55, b: 0.3 },
  beer: { bodyW: 76, bodyH: 150, shoulderH: 72, neckW: 26, neckH: 72, r: 10, a: 0.3, b: 0.5 },
} satisfies Record<string, Shape>;

type Closure = 'foil' | 'cap' | 'cork' | 'stopper' | 'wax' | 'crown';
type Glassware = 'wine' | 'flute' | 'tumbler' | 'snifter' | 'highball' | 'shot' | 'coupe' | 'pint';

type Look = {
  shape: keyof typeof SHAPES;
  glass: string;
  glassOpacity: number;
  liquid: string;
  /** How full the bottle is, from the base (0..1 of the body and shoulder). */
  fill: number;
  closure: Closure;
  closureColor: string;
  glassware: Glassware;
  background: [string, string];
  labels: Array<{ paper: string; ink: string; accent: string }>;
};

const cream = { paper: '#f6efdf', ink: '#2b1d14', accent: '#a8842f' };
const white = { paper: '#fbfaf6', ink: '#1f2937', accent: '#7a5a1f' };
const black = { paper: '#1d1b1a', ink: '#f3e7c9', accent: '#c9a646' };

const LOOKS: Record<BottleStyle, Look> = {
  'red-wine': {
    shape: 'bordeaux',
    glass: '#1f3322',
    glassOpacity: 0.93,
    liquid: '#5a0f1f',
    fill: 0.85,
    closure: 'foil',
    closureColor: '#7a1025',
    glassware: 'wine',
    background: ['#f7eee8', '#e6cfc4'],
    labels: [cream, white, black, { paper: '#efe4cf', ink: '#5c1a2b', accent: '#5c1a2b' }],
  },
  'white-wine': {
    shape: 'burgundy',
    glass: '#a9bd72',
    glassOpacity: 0.55,
    liquid: '#ecd77c',
    fill: 0.85,
    closure: 'cap',
    closureColor: '#c7c9cc',
    glassware: 'wine',
    background: ['#fbf7e9', '#ece3c2'],
    labels: [white, cream, { paper: '#f3f6ee', ink: '#2f4a2a', accent: '#6a8a3a' }],
  },
  'rose-wine': {
    shape: 'flute',
    glass: '#fbe8ea',
    glassOpacity: 0.3,
    liquid: '#f3a6ab',
    fill: 0.85,
    closure: 'cap',
    closureColor: '#e2b19c',
    glassware: 'wine',
    background: ['#fdf2f1', '#f4d6d6'],
    labels: [white, { paper: '#fff8f5', ink: '#8a3b4a', accent: '#d9868f' }],
  },
  sparkling: {
    shape: 'champagne',
    glass: '#2d4a2b',
    glassOpacity: 0.9,
    liquid: '#e9d68b',
    fill: 0.85,
    closure: 'foil',
    closureColor: '#2e6d8e',
    glassware: 'flute',
    background: ['#f3f6f4', '#d7e2dc'],
    labels: [white, cream, { paper: '#eaf2f6', ink: '#1d3a4a', accent: '#2e6d8e' }],
  },
  champagne: {
    shape: 'champagne',
    glass: '#1b2e1c',
    glassOpacity: 0.94,
    liquid: '#e9d68b',
    fill: 0.85,
    closure: 'foil',
    closureColor: '#c9a646',
    glassware: 'flute',
    background: ['#faf5e8', '#e9dcb8'],
    labels: [cream, black, white, { paper: '#f5d76e', ink: '#1d1b1a', accent: '#1d1b1a' }],
  },
  fortified: {
    shape: 'port',
    glass: '#1a1410',
    glassOpacity: 0.94,
    liquid: '#4a0d16',
    fill: 0.85,
    closure: 'wax',
    closureColor: '#8a1624',
    glassware: 'wine',
    background: ['#f5ebe3', '#dcc2b0'],
    labels: [cream, black],
  },
  'dessert-wine': {
    shape: 'half',
    glass: '#f7f1dc',
    glassOpacity: 0.3,
    liquid: '#d99a2b',
    fill: 0.85,
    closure: 'foil',
    closureColor: '#b08a3a',
    glassware: 'wine',
    background: ['#fcf5e4', '#efdcae'],
    labels: [cream, white],
  },
  whisky: {
    shape: 'whisky',
    glass: '#f4efe6',
    glassOpacity: 0.25,
    liquid: '#b8651b',
    fill: 0.8,
    closure: 'stopper',
    closureColor: '#2b1a10',
    glassware: 'tumbler',
    background: ['#f6efe6', '#dfcbb3'],
    labels: [cream, black, white, { paper: '#1f3a2d', ink: '#f0e2c0', accent: '#c9a646' }],
  },
  bourbon: {
    shape: 'whisky',
    glass: '#f4efe6',
    glassOpacity: 0.25,
    liquid: '#a24f14',
    fill: 0.8,
    closure: 'stopper',
    closureColor: '#3b2314',
    glassware: 'tumbler',
    background: ['#f4ebe1', '#d9c0a4'],
    labels: [black, cream],
  },
  gin: {
    shape: 'gin',
    glass: '#bfe0ec',
    glassOpacity: 0.38,
    liquid: '#eef7fa',
    fill: 0.8,
    closure: 'stopper',
    closureColor: '#2f3d4a',
    glassware: 'highball',
    background: ['#eef6f8', '#cfe3ea'],
    labels: [white, { paper: '#eef4f7', ink: '#1d3a5a', accent: '#3d7fc1' }, cream],
  },
  vodka: {
    shape: 'vodka',
    glass: '#e8eff3',
    glassOpacity: 0.32,
    liquid: '#f6fafc',
    fill: 0.82,
    closure: 'cap',
    closureColor: '#1f2a36',
    glassware: 'shot',
    background: ['#f2f5f8', '#d5dde5'],
    labels: [white, black, { paper: '#f4f6f9', ink: '#0f2742', accent: '#8aa0b8' }],
  },
  rum: {
    shape: 'rum',
    glass: '#f4efe6',
    glassOpacity: 0.28,
    liquid: '#7a3b12',
    fill: 0.8,
    closure: 'stopper',
    closureColor: '#3a2418',
    glassware: 'tumbler',
    background: ['#f7efe3', '#e2c9a5'],
    labels: [cream, black, { paper: '#fbf3e4', ink: '#6b2d1a', accent: '#b35a1f' }],
  },
  tequila: {
    shape: 'tequila',
    glass: '#f3f6f1',
    glassOpacity: 0.28,
    liquid: '#efe3b4',
    fill: 0.8,
    closure: 'stopper',
    closureColor: '#9a7a48',
    glassware: 'shot',
    background: ['#f6f4ea', '#dfe3c8'],
    labels: [white, cream, { paper: '#eef3ea', ink: '#2f4a2a', accent: '#6a8a3a' }],
  },
  cognac: {
    shape: 'decanter',
    glass: '#f4efe6',
    glassOpacity: 0.25,
    liquid: '#8d3f10',
    fill: 0.8,
    closure: 'stopper',
    closureColor: '#c9a646',
    glassware: 'snifter',
    background: ['#f6ede2', '#d9bf9c'],
    labels: [black, cream],
  },
  brandy: {
    shape: 'rum',
    glass: '#f4efe6',
    glassOpacity: 0.28,
    liquid: '#9a4a14',
    fill: 0.8,
    closure: 'cap',
    closureColor: '#b08a3a',
    glassware: 'snifter',
    background: ['#f6ede2', '#dcc3a2'],
    labels: [cream, white],
  },
  liqueur: {
    shape: 'round',
    glass: '#f4efe6',
    glassOpacity: 0.3,
    liquid: '#c0602a',
    fill: 0.8,
    closure: 'stopper',
    closureColor: '#6b2d1a',
    glassware: 'coupe',
    background: ['#fbf1e6', '#ecd2b4'],
    labels: [cream, white, black],
  },
  'cream-liqueur': {
    shape: 'round',
    glass: '#f4efe6',
    glassOpacity: 0.22,
    liquid: '#d8b899',
    fill: 0.82,
    closure: 'cap',
    closureColor: '#2a211b',
    glassware: 'tumbler',
    background: ['#faf3ea', '#e6d3bd'],
    labels: [cream, { paper: '#3a2a20', ink: '#f3e7c9', accent: '#c9a646' }],
  },
  beer: {
    shape: 'beer',
    glass: '#5a3410',
    glassOpacity: 0.9,
    liquid: '#d99a2b',
    fill: 0.85,
    closure: 'crown',
    closureColor: '#c9a646',
    glassware: 'pint',
    background: ['#fbf4e4', '#ecd9a8'],
    labels: [white, cream, { paper: '#1f3a6b', ink: '#f5f0e1', accent: '#e3c48a' }],
  },
  cider: {
    shape: 'beer',
    glass: '#eef3e4',
    glassOpacity: 0.3,
    liquid: '#e8c25a',
    fill: 0.85,
    closure: 'crown',
    closureColor: '#2f7a3a',
    glassware: 'pint',
    background: ['#f6f8ea', '#dfe6bf'],
    labels: [white, { paper: '#f1f6e8', ink: '#2f4a2a', accent: '#2f7a3a' }],
  },
};

/** Text for XML: the five special characters escaped, control characters dropped. */
export function escapeXml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are not allowed in XML.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

function hashNumber(text: string): number {
  return crypto.createHash('sha1').update(text).digest().readUInt32BE(0);
}

const n = (value: number) => Math.round(value * 10) / 10;

/** Greedy word wrap to at most `maxLines` lines; the last line ends with … when cut. */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const piece = word.length > maxChars ? `${word.slice(0, maxChars - 1)}…` : word;
    if (!current) current = piece;
    else if (current.length + 1 + piece.length <= maxChars) current = `${current} ${piece}`;
    else {
      lines.push(current);
      current = piece;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1]!;
  kept[maxLines - 1] = last.length >= maxChars ? `${last.slice(0, maxChars - 1)}…` : `${last}…`;
  return kept;
}

type BottleGeometry = Shape & { cx: number; bottom: number };

function bottleOutline(g: BottleGeometry) {
  const left = g.cx - g.bodyW / 2;
  const right = g.cx + g.bodyW / 2;
  const neckLeft = g.cx - g.neckW / 2;
  const neckRight = g.cx + g.neckW / 2;
  const bodyTop = g.bottom - g.bodyH;
  const neckBase = bodyTop - g.shoulderH;
  const top = neckBase - g.neckH;
  const c1 = bodyTop - g.shoulderH * g.a;
  const c2 = neckBase + g.shoulderH * g.b;
  const path = [
    `M${n(left + g.r)},${n(g.bottom)}`,
    `Q${n(left)},${n(g.bottom)} ${n(left)},${n(g.bottom - g.r)}`,
    `L${n(left)},${n(bodyTop)}`,
    `C${n(left)},${n(c1)} ${n(neckLeft)},${n(c2)} ${n(neckLeft)},${n(neckBase)}`,
    `L${n(neckLeft)},${n(top)}`,
    `L${n(neckRight)},${n(top)}`,
    `L${n(neckRight)},${n(neckBase)}`,
    `C${n(neckRight)},${n(c2)} ${n(right)},${n(c1)} ${n(right)},${n(bodyTop)}`,
    `L${n(right)},${n(g.bottom - g.r)}`,
    `Q${n(right)},${n(g.bottom)} ${n(right - g.r)},${n(g.bottom)}`,
    'Z',
  ].join(' ');
  return { path, left, right, bodyTop, neckBase, top, neckLeft, neckRight };
}

function closureSvg(kind: Closure, color: string, cx: number, top: number, neckW: number, neckBase: number) {
  const w = neckW;
  switch (kind) {
    case 'foil': {
      const length = (neckBase - top) * 0.72;
      return (
        `<path d="M${n(cx - w / 2 - 1)},${n(top - 6)} h${n(w + 2)} v${n(length)} ` +
        `q${n(-(w + 2) / 2)},10 ${n(-(w + 2))},0 z" fill="${color}"/>` +
        `<rect x="${n(cx - w / 2 - 1)}" y="${n(top + length * 0.55)}" width="${n(w + 2)}" height="5" fill="#000" opacity="0.18"/>` +
        `<rect x="${n(cx - w / 2 + 3)}" y="${n(top - 4)}" width="4" height="${n(length - 6)}" fill="#fff" opacity="0.3"/>`
      );
    }
    case 'cap':
      return (
        `<rect x="${n(cx - w / 2 - 1)}" y="${n(top - 8)}" width="${n(w + 2)}" height="44" rx="3" fill="${color}"/>` +
        `<rect x="${n(cx - w / 2 + 3)}" y="${n(top - 6)}" width="4" height="40" fill="#fff" opacity="0.35"/>`
      );
    case 'cork':
      return `<rect x="${n(cx - w / 2 + 2)}" y="${n(top - 16)}" width="${n(w - 4)}" height="20" rx="3" fill="${color}"/>`;
    case 'stopper':
      return (
        `<rect x="${n(cx - w / 2 + 3)}" y="${n(top - 6)}" width="${n(w - 6)}" height="10" fill="#d8c7a8"/>` +
        `<rect x="${n(cx - w / 2 - 6)}" y="${n(top - 30)}" width="${n(w + 12)}" height="26" rx="6" fill="${color}"/>` +
        `<rect x="${n(cx - w / 2 - 2)}" y="${n(top - 27)}" width="5" height="20" rx="2" fill="#fff" opacity="0.25"/>`
      );
    case 'wax':
      return (
        `<path d="M${n(cx - w / 2 - 3)},${n(top - 8)} h${n(w + 6)} v30 q-4,10 -8,0 q-5,14 -10,2 ` +
        `q-6,10 -${n(Math.max(4, w - 10))},-6 z" fill="${color}"/>`
      );
    case 'crown':
      return `<rect x="${n(cx - w / 2 - 3)}" y="${n(top - 8)}" width="${n(w + 6)}" height="12" rx="2" fill="${color}"/>`;
  }
}

type LabelText = { lines: string[]; vintage: number | null };

/**
 * One bottle, in a 400 × 500 drawing with its base at y = 440. `ids` keeps element ids unique
 * when several bottles share a picture.
 */
function bottleSvg(look: Look, label: LabelText | null, labelStyle: Look['labels'][number], ids: string) {
  const shape = SHAPES[look.shape];
  const g: BottleGeometry = { ...shape, cx: 200, bottom: 440 };
  const o = bottleOutline(g);
  const liquidTop = g.bottom - (g.bodyH + g.shoulderH) * look.fill;
  const parts: string[] = [];
  parts.push(`<clipPath id="clip${ids}"><path d="${o.path}"/></clipPath>`);
  parts.push(
    `<g clip-path="url(#clip${ids})"><rect x="${n(o.left)}" y="${n(liquidTop)}" width="${g.bodyW}" ` +
      `height="${n(g.bottom - liquidTop)}" fill="${look.liquid}"/></g>`,
  );
  parts.push(
    `<path d="${o.path}" fill="${look.glass}" fill-opacity="${look.glassOpacity}" stroke="#000" ` +
      `stroke-opacity="0.25" stroke-width="1.5"/>`,
  );
  // Light on the glass.
  parts.push(
    `<g clip-path="url(#clip${ids})"><rect x="${n(o.left + g.bodyW * 0.12)}" y="${n(o.neckBase - 10)}" ` +
      `width="${n(g.bodyW * 0.1)}" height="${n(g.bodyH + g.shoulderH)}" rx="6" fill="#fff" opacity="0.22"/>` +
      `<rect x="${n(o.right - g.bodyW * 0.14)}" y="${n(o.bodyTop)}" width="${n(g.bodyW * 0.05)}" ` +
      `height="${n(g.bodyH * 0.9)}" rx="3" fill="#fff" opacity="0.12"/></g>`,
  );
  parts.push(closureSvg(look.closure, look.closureColor, g.cx, o.top, g.neckW, o.neckBase));

  // The label.
  const labelW = g.bodyW * 0.84;
  const labelH = Math.min(g.bodyH * 0.56, 132);
  const labelX = g.cx - labelW / 2;
  const labelY = o.bodyTop + (g.bodyH - labelH) * 0.42;
  parts.push(
    `<rect x="${n(labelX)}" y="${n(labelY)}" width="${n(labelW)}" height="${n(labelH)}" rx="4" ` +
      `fill="${labelStyle.paper}" stroke="${labelStyle.accent}" stroke-width="1.2"/>`,
    `<rect x="${n(labelX + 4)}" y="${n(labelY + 4)}" width="${n(labelW - 8)}" height="${n(labelH - 8)}" ` +
      `rx="3" fill="none" stroke="${labelStyle.accent}" stroke-width="0.6" opacity="0.8"/>`,
  );
  if (label) {
    const fontSize = label.lines.length <= 2 ? 14 : label.lines.length === 3 ? 12.5 : 11;
    const lineHeight = fontSize * 1.15;
    const vintageSpace = label.vintage ? fontSize * 1.6 : 0;
    const blockH = label.lines.length * lineHeight + vintageSpace;
    let y = labelY + (labelH - blockH) / 2 + fontSize * 0.85;
    parts.push(
      `<path d="M${n(g.cx - 12)},${n(labelY + 13)} h24" stroke="${labelStyle.accent}" stroke-width="1.2"/>`,
    );
    for (const line of label.lines) {
      parts.push(
        `<text x="${g.cx}" y="${n(y)}" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" ` +
          `font-size="${fontSize}" font-weight="600" fill="${labelStyle.ink}">${escapeXml(line)}</text>`,
      );
      y += lineHeight;
    }
    if (label.vintage) {
      parts.push(
        `<text x="${g.cx}" y="${n(y + fontSize * 0.45)}" text-anchor="middle" ` +
          `font-family="Georgia, 'Times New Roman', serif" font-size="${n(fontSize * 1.1)}" ` +
          `font-weight="700" fill="${labelStyle.accent}">${label.vintage}</text>`,
      );
    }
    parts.push(
      `<path d="M${n(g.cx - 12)},${n(labelY + labelH - 12)} h24" stroke="${labelStyle.accent}" stroke-width="1.2"/>`,
    );
  }
  return parts.join('');
}

function glassSvg(kind: Glassware, liquid: string, cx: number, ids: string) {
  const stroke = 'stroke="#4b5563" stroke-opacity="0.55" stroke-width="1.6"';
  const glassFill = 'fill="#ffffff" fill-opacity="0.35"';
  const base = (y: number, rx: number) =>
    `<ellipse cx="${cx}" cy="${y}" rx="${rx}" ry="5" ${glassFill} ${stroke}/>`;
  const stem = (from: number, to: number) =>
    `<path d="M${cx},${from} V${to}" stroke="#4b5563" stroke-opacity="0.55" stroke-width="3"/>`;
  const withLiquid = (outline: string, liquidTop: number, extra = '') =>
    `<clipPath id="g${ids}"><path d="${outline}"/></clipPath>` +
    `<g clip-path="url(#g${ids})"><rect x="${cx - 80}" y="${liquidTop}" width="160" height="200" fill="${liquid}"/>${extra}</g>` +
    `<path d="${outline}" ${glassFill} ${stroke}/>`;
  switch (kind) {
    case 'wine': {
      const bowl = `M${cx - 46},300 C${cx - 50},362 ${cx - 26},388 ${cx},388 C${cx + 26},388 ${cx + 50},362 ${cx + 46},300 Z`;
      return withLiquid(bowl, 345) + stem(388, 436) + base(438, 34);
    }
    case 'flute': {
      const bowl = `M${cx - 18},250 C${cx - 20},330 ${cx - 14},382 ${cx},384 C${cx + 14},382 ${cx + 20},330 ${cx + 18},250 Z`;
      const bubbles = [0, 1, 2, 3, 4]
        .map(
          (i) =>
            `<circle cx="${cx - 6 + (i % 3) * 6}" cy="${300 + i * 15}" r="1.8" fill="#fff" opacity="0.8"/>`,
        )
        .join('');
      return withLiquid(bowl, 272, bubbles) + stem(384, 436) + base(438, 26);
    }
    case 'tumbler': {
      const body = `M${cx - 44},352 L${cx - 39},438 L${cx + 39},438 L${cx + 44},352 Z`;
      const ice = `<rect x="${cx - 18}" y="384" width="30" height="28" rx="5" fill="#fff" opacity="0.55" transform="rotate(-12 ${cx} 398)"/>`;
      return withLiquid(body, 392, ice);
    }
    case 'snifter': {
      const bowl = `M${cx - 26},318 C${cx - 62},340 ${cx - 58},404 ${cx},406 C${cx + 58},404 ${cx + 62},340 ${cx + 26},318 Z`;
      return withLiquid(bowl, 376) + stem(406, 436) + base(438, 30);
    }
    case 'highball': {
      const body = `M${cx - 30},290 L${cx - 28},438 L${cx + 28},438 L${cx + 30},290 Z`;
      const lime = `<circle cx="${cx + 10}" cy="318" r="13" fill="#9ccc3c" opacity="0.9"/><circle cx="${cx + 10}" cy="318" r="9" fill="#d7ef8f"/>`;
      const bubbles = [0, 1, 2, 3]
        .map((i) => `<circle cx="${cx - 12 + i * 7}" cy="${350 + i * 18}" r="2" fill="#fff"/>`)
        .join('');
      return withLiquid(body, 312, lime + bubbles);
    }
    case 'shot': {
      const body = `M${cx - 24},380 L${cx - 19},438 L${cx + 19},438 L${cx + 24},380 Z`;
      const lime = `<path d="M${cx + 30},438 a22,22 0 0 1 44,0 z" fill="#9ccc3c"/><path d="M${cx + 35},438 a17,17 0 0 1 34,0 z" fill="#d7ef8f"/>`;
      return withLiquid(body, 392) + lime;
    }
    case 'coupe': {
      const bowl = `M${cx - 54},334 Q${cx},402 ${cx + 54},334 Z`;
      return withLiquid(bowl, 340) + stem(366, 436) + base(438, 30);
    }
    case 'pint': {
      const body = `M${cx - 36},286 L${cx - 28},438 L${cx + 28},438 L${cx + 36},286 Z`;
      const foam = `<rect x="${cx - 40}" y="296" width="80" height="20" fill="#fffaf0"/>`;
      return withLiquid(body, 296, foam);
    }
  }
}

function background(look: Look, width: number, height: number) {
  return (
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${look.background[0]}"/><stop offset="1" stop-color="${look.background[1]}"/>` +
    `</linearGradient></defs><rect width="${width}" height="${height}" fill="url(#bg)"/>`
  );
}

function svgDocument(width: number, height: number, title: string, body: string) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" ` +
    `height="${height}" role="img" aria-label="${escapeXml(title)}"><title>${escapeXml(title)}</title>${body}</svg>`
  );
}

/** The picture a generated-image URL stands for. */
export function renderImage(image: GeneratedImage): string {
  const look = LOOKS[image.style];
  const hash = hashNumber(`${image.style}|${image.label}`);
  const labelStyle = look.labels[hash % look.labels.length]!;
  const title = image.vintage ? `${image.label} ${image.vintage}` : image.label;

  if (image.view === 'category') {
    const width = 600;
    const height = 400;
    const bottles = [
      { x: 92, y: 44, scale: 0.62 },
      { x: 412, y: 44, scale: 0.62 },
      { x: 220, y: 10, scale: 0.7 },
    ]
      .map(
        (place, index) =>
          `<g transform="translate(${place.x - 200 * place.scale + 100} ${place.y}) scale(${place.scale})">` +
          bottleSvg(look, null, look.labels[(hash + index) % look.labels.length]!, `c${index}`) +
          '</g>',
      )
      .join('');
    const lines = wrapText(image.label, 34, 1);
    const body =
      background(look, width, height) +
      `<ellipse cx="300" cy="322" rx="250" ry="10" fill="#000" opacity="0.08"/>` +
      bottles +
      `<rect x="0" y="330" width="600" height="70" fill="#2b1620" opacity="0.88"/>` +
      `<text x="300" y="374" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" ` +
      `font-size="28" font-weight="600" fill="#f3e7c9">${escapeXml(lines[0] ?? '')}</text>`;
    return svgDocument(width, height, title, body);
  }

  const shape = SHAPES[look.shape];
  const maxChars = Math.max(8, Math.floor((shape.bodyW * 0.84 - 12) / 8));
  const label: LabelText = { lines: wrapText(image.label, maxChars, 4), vintage: image.vintage };
  const shadow = (cx: number, rx: number) =>
    `<ellipse cx="${cx}" cy="442" rx="${rx}" ry="7" fill="#000" opacity="0.12"/>`;

  if (image.view === 'pour') {
    const body =
      background(look, 400, 500) +
      shadow(140, 70) +
      shadow(290, 50) +
      `<g transform="translate(-8 96) scale(0.78)">${bottleSvg(look, label, labelStyle, 'b')}</g>` +
      glassSvg(look.glassware, look.liquid, 290, 'p');
    return svgDocument(400, 500, `${title}, poured`, body);
  }

  const body = background(look, 400, 500) + shadow(200, 90) + bottleSvg(look, label, labelStyle, 'b');
  return svgDocument(400, 500, title, body);
}

/** The shop's logo, for when the built storefront (and its /logo.svg) is not there. */
export const FALLBACK_LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 280 64" role="img" aria-label="Kampala Cellars">' +
  '<title>Kampala Cellars</title><circle cx="32" cy="32" r="30" fill="#5c1a2b"/>' +
  '<path d="M22 14h20c0 11.6-3.5 19.6-10 20.5-6.5-.9-10-8.9-10-20.5z" fill="none" stroke="#e3c48a" stroke-width="2"/>' +
  '<path d="M23.2 22h17.6c-.8 7.1-3.8 11.1-8.8 11.7-5-.6-8-4.6-8.8-11.7z" fill="#c9405a"/>' +
  '<path d="M32 34.5V45" stroke="#e3c48a" stroke-width="2"/>' +
  '<path d="M25 47.5c2.3-1.7 11.7-1.7 14 0" fill="none" stroke="#e3c48a" stroke-width="2"/>' +
  '<text x="74" y="40" font-family="Georgia, serif" font-size="25" fill="#4a1422">Kampala Cellars</text></svg>';
