import { describe, expect, it } from 'vitest';
import { parsePurchaseReference, purchaseReference } from './purchase-reference';

describe('purchase references', () => {
  it('names each kind apart and reads back what it wrote', () => {
    expect(purchaseReference('order', 12)).toBe('ORD-12');
    expect(purchaseReference('subscription', 12)).toBe('SUB-12');
    expect(purchaseReference('vtu', 12)).toBe('VTU-12');
    for (const kind of ['order', 'subscription', 'vtu'] as const)
      expect(parsePurchaseReference(purchaseReference(kind, 7))).toEqual({ kind, id: 7 });
  });

  it('reads a reference typed in any case, and refuses what names no purchase', () => {
    expect(parsePurchaseReference(' vtu-3 ')).toEqual({ kind: 'vtu', id: 3 });
    for (const bad of ['ORD-0', 'ORD-', 'ORD-01', 'ORD-1.5', 'XYZ-1', 'ORD-99999999999', 'ORD-2147483648', 'TX_ABC'])
      expect(parsePurchaseReference(bad)).toBeNull();
  });
});
