import { numeric } from './numbers';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { categoryStoreBody, locationStoreBody, productLocationInput, productStoreBody } from './catalog';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('catalog bodies', () => {
  it('refuses a name that is too long with a length message, not "required"', () => {
    expect(messages(categoryStoreBody.safeParse({ name: 'x'.repeat(70), kind: 'gas' }))).toEqual([
      ['name', 'The name may be at most 60 characters.'],
    ]);
    expect(messages(locationStoreBody.safeParse({ name: 'x'.repeat(81), state: 'lagos', country: 'nigeria' }))).toEqual(
      [['name', 'The name may be at most 80 characters.']],
    );
  });

  it('reads prices typed with thousands separators', () => {
    const parsed = productStoreBody.parse({ product_name: 'Gas 12.5kg', product_category: 1, product_price: '3,000' });
    expect(parsed.product_price).toBe(3000);
    expect(
      productStoreBody.parse({ product_name: 'Gas', product_category: 1, product_price: '1,250,000.50' }).product_price,
    ).toBe(1_250_000.5);
    // Commas that are not thousands groups are not a number.
    expect(
      messages(productStoreBody.safeParse({ product_name: 'Gas', product_category: 1, product_price: '30,00' })),
    ).toEqual([['product_price', 'The product price must be a number.']]);
    // Amounts customers pay or withdraw stay plain numbers: only typed prices group thousands.
    expect(numeric(z.number()).safeParse('3,000').success).toBe(false);
  });

  it('names the rule a location price broke; empty means the base price', () => {
    expect(messages(productLocationInput.safeParse({ id: 1, product_location_price: 0 }))).toEqual([
      ['product_location_price', 'The location price must be greater than 0.'],
    ]);
    expect(messages(productLocationInput.safeParse({ id: 1, product_location_price: 'abc' }))).toEqual([
      ['product_location_price', 'The location price must be a number.'],
    ]);
    expect(productLocationInput.parse({ id: 1, product_location_price: '' }).product_location_price).toBeNull();
    expect(productLocationInput.parse({ id: 1, product_location_price: null }).product_location_price).toBeNull();
    expect(productLocationInput.parse({ id: 1 }).product_location_price).toBeNull();
    expect(productLocationInput.parse({ id: 1, product_location_price: '2,500' }).product_location_price).toBe(2500);
  });
});
