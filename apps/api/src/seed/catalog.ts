import { GAS_CYLINDER_SIZES_KG, kgToGrams, nairaToKobo, type CategoryKind } from '@ruwa/contract';
import type { Tx } from '../db/client';
import * as catalog from '../modules/catalog/queries';
import { seedImageUrl } from './seed-images';

export const DEMO_LOCATIONS = ['Lekki', 'Ikeja', 'Yaba', 'Surulere', 'Victoria Island'] as const;
type Area = (typeof DEMO_LOCATIONS)[number];

// Delivery fee and minimum order (naira) per area. Lekki, where the demo customer starts, delivers
// free with no minimum; the others show what a fee and a minimum look like at checkout.
const DELIVERY: Record<Area, { fee: number; minimum: number }> = {
  Lekki: { fee: 0, minimum: 0 },
  Ikeja: { fee: 300, minimum: 1000 },
  Yaba: { fee: 250, minimum: 0 },
  Surulere: { fee: 300, minimum: 0 },
  'Victoria Island': { fee: 700, minimum: 2000 },
};

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
  /** Its own picture, where the category's would mislead (bottle sizes); else the category's. */
  image?: string;
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
    image: 'bottle-water-75cl.svg',
    base: 2500,
    prices: { Lekki: 2700, Ikeja: 2500, Yaba: 2450, Surulere: 2450, 'Victoria Island': 2800 },
  },
  {
    kind: 'bottle_water',
    name: 'Bottled Water 50cl (pack of 20)',
    description: 'Twenty 50cl bottles: handy for events and the office.',
    image: 'bottle-water-50cl.svg',
    base: 3000,
    prices: { Lekki: 3200, Ikeja: 3000, Yaba: 2950, 'Victoria Island': 3300 },
  },
  {
    kind: 'bottle_water',
    name: 'Dispenser Water 19L (refill)',
    description: 'A 19-litre dispenser bottle swapped for your empty one.',
    image: 'dispenser-water-19l.svg',
    base: 1500,
    prices: { Lekki: 1700, Ikeja: 1500, Surulere: 1450, 'Victoria Island': 1800 },
  },
  {
    kind: 'gas',
    name: 'Cooking Gas (LPG)',
    description: 'LPG weighed in front of you. Pick your cylinder size: refill yours, or take a new filled one.',
    base: 1200,
    prices: { Lekki: 1250, Ikeja: 1180, Yaba: 1190, Surulere: 1180, 'Victoria Island': 1300 },
  },
  {
    kind: 'gas',
    name: 'Premium Distro Gas',
    description: 'Refill from a licensed major distributor, with a sealed cap.',
    base: 1300,
    prices: { Lekki: 1350, Ikeja: 1280, 'Victoria Island': 1400 },
  },
];

// Every area offers three windows a day; today's close an hour before they start (Lagos time).
const WINDOWS = [
  { name: 'Morning', starts: '08:00', ends: '12:00', cutoff: '07:00' },
  { name: 'Afternoon', starts: '12:00', ends: '16:00', cutoff: '11:00' },
  { name: 'Evening', starts: '16:00', ends: '20:00', cutoff: '15:00' },
];

// Gas is sold by cylinder: a refill costs the area's per-kg price times the size (rounded to ₦50);
// a new filled cylinder adds the cylinder itself, where new ones are sold.
const CYLINDER_COST: Record<number, number | null> = {
  3: 15_000,
  5: 20_000,
  6: 22_000,
  12.5: 38_000,
  25: 65_000,
  50: null,
};

function cylinderPrices(perKg: number) {
  return GAS_CYLINDER_SIZES_KG.map((kg) => {
    const refill = Math.round((perKg * kg) / 50) * 50;
    const cylinder = CYLINDER_COST[kg];
    return {
      sizeGrams: kgToGrams(kg),
      refillPriceKobo: nairaToKobo(refill),
      newPriceKobo: cylinder === null || cylinder === undefined ? null : nairaToKobo(refill + cylinder),
    };
  });
}

/** The demo catalogue: Lagos areas, the four category kinds with images, water and gas products. */
export async function seedCatalog(tx: Tx) {
  const areas = new Map<Area, number>();
  for (const name of DEMO_LOCATIONS) {
    const row = await catalog.insertLocation(tx, {
      name,
      state: 'lagos',
      country: 'nigeria',
      enabled: true,
      deliveryFeeKobo: nairaToKobo(DELIVERY[name].fee),
      minimumOrderKobo: nairaToKobo(DELIVERY[name].minimum),
      deliveryWindows: WINDOWS,
    });
    areas.set(name, row.id);
  }

  const categories = new Map<CategoryKind, { id: number; image: string }>();
  for (const category of CATEGORIES) {
    const image = await seedImageUrl(category.image);
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
      images: [product.image ? await seedImageUrl(product.image) : category.image],
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
    if (product.kind === 'gas') {
      await catalog.replaceProductCylinders(
        tx,
        row.id,
        Object.entries(product.prices).flatMap(([area, perKg]) =>
          cylinderPrices(perKg).map((c) => ({ ...c, locationId: areas.get(area as Area)! })),
        ),
      );
    }
  }
}
