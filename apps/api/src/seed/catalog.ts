import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { nairaToKobo, type CategoryKind } from '@ruwa/contract';
import type { Tx } from '../db/client';
import * as catalog from '../modules/catalog/queries';
import { SEED_IMAGES_DIR } from '../paths';
import type { ImageStore } from '../platform/storage/images';
import { IMAGE_MAX_SIDE, renderImage } from '../platform/storage/render';

export const DEMO_LOCATIONS = ['Lekki', 'Ikeja', 'Yaba', 'Surulere', 'Victoria Island'] as const;
type Area = (typeof DEMO_LOCATIONS)[number];

const CATEGORIES: { name: string; kind: CategoryKind; image: string }[] = [
  { name: 'Sachet Water', kind: 'sachet_water', image: 'sachet-water.svg' },
  { name: 'Bottle Water', kind: 'bottle_water', image: 'bottle-water.svg' },
  { name: 'Cooking Gas', kind: 'gas', image: 'cooking-gas.svg' },
  { name: 'Airtime and Data', kind: 'airtime_data', image: 'airtime-data.svg' },
];

// Prices in naira as a Lagos customer sees them; an area without its own price uses the base price.
const PRODUCTS: {
  kind: CategoryKind;
  name: string;
  description: string;
  base: number;
  prices: Partial<Record<Area, number>>;
}[] = [
  {
    kind: 'sachet_water',
    name: 'Pure Water (bag of 20 sachets)',
    description: 'NAFDAC-registered 50cl sachets, chilled on request. Delivered to your door.',
    base: 300,
    prices: { Lekki: 350, Ikeja: 300, Yaba: 280, Surulere: 280, 'Victoria Island': 380 },
  },
  {
    kind: 'sachet_water',
    name: 'Premium Sachet Water (bag of 20)',
    description: 'Triple-filtered, ozonated sachet water in thicker, leak-proof sachets.',
    base: 400,
    prices: { Lekki: 450, Ikeja: 400, Yaba: 380, 'Victoria Island': 480 },
  },
  {
    kind: 'bottle_water',
    name: 'Bottled Water 75cl (pack of 12)',
    description: 'Twelve 75cl bottles of table water, shrink-wrapped.',
    base: 2500,
    prices: { Lekki: 2700, Ikeja: 2500, Yaba: 2450, Surulere: 2450, 'Victoria Island': 2800 },
  },
  {
    kind: 'bottle_water',
    name: 'Bottled Water 50cl (pack of 20)',
    description: 'Twenty 50cl bottles: handy for events and the office.',
    base: 3000,
    prices: { Lekki: 3200, Ikeja: 3000, Yaba: 2950, 'Victoria Island': 3300 },
  },
  {
    kind: 'bottle_water',
    name: 'Dispenser Water 19L (refill)',
    description: 'A 19-litre dispenser bottle swapped for your empty one.',
    base: 1500,
    prices: { Lekki: 1700, Ikeja: 1500, Surulere: 1450, 'Victoria Island': 1800 },
  },
  {
    kind: 'gas',
    name: 'Cooking Gas refill (per kg)',
    description: 'LPG refill weighed in front of you. Tell us the kg your cylinder takes.',
    base: 1200,
    prices: { Lekki: 1250, Ikeja: 1180, Yaba: 1190, Surulere: 1180, 'Victoria Island': 1300 },
  },
  {
    kind: 'gas',
    name: 'Premium Distro Gas (per kg)',
    description: 'Refill from a licensed major distributor, with a sealed cap.',
    base: 1300,
    prices: { Lekki: 1350, Ikeja: 1280, 'Victoria Island': 1400 },
  },
];

// The demo SVGs are drawn on a 240 px square.
const SEED_SVG_SIDE = 240;

/**
 * Renders a demo SVG through the upload pipeline, so the demo shows what real uploads look like.
 * The name carries a hash of the source: served files are cached for good, and a changed drawing
 * gets a new URL.
 */
async function seedImage(images: ImageStore, file: string): Promise<string> {
  const svg = await readFile(path.join(SEED_IMAGES_DIR, file));
  const stem = `${path.basename(file, '.svg')}-${createHash('sha256').update(svg).digest('hex').slice(0, 8)}`;
  const files = await renderImage(svg, { density: (72 * IMAGE_MAX_SIDE) / SEED_SVG_SIDE });
  return images.save({ files }, 'seed', stem);
}

/** The demo catalogue: Lagos areas, the four category kinds with images, water and gas products. */
export async function seedCatalog(tx: Tx, images: ImageStore) {
  const areas = new Map<Area, number>();
  for (const name of DEMO_LOCATIONS) {
    const row = await catalog.insertLocation(tx, { name, state: 'lagos', country: 'nigeria', enabled: true });
    areas.set(name, row.id);
  }

  const categories = new Map<CategoryKind, { id: number; image: string }>();
  for (const category of CATEGORIES) {
    const image = await seedImage(images, category.image);
    const row = await catalog.insertCategory(tx, { name: category.name, kind: category.kind, image, enabled: true });
    categories.set(category.kind, { id: row.id, image });
  }

  for (const product of PRODUCTS) {
    const category = categories.get(product.kind)!;
    const row = await catalog.insertProduct(tx, {
      categoryId: category.id,
      name: product.name,
      description: product.description,
      tags: [product.kind.replace('_', ' ')],
      images: [category.image],
      basePriceKobo: nairaToKobo(product.base),
      approved: true,
    });
    await catalog.replaceProductLocations(
      tx,
      row.id,
      Object.entries(product.prices).map(([area, price]) => ({
        locationId: areas.get(area as Area)!,
        priceKobo: nairaToKobo(price),
      })),
    );
  }
}
