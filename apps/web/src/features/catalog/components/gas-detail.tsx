import type { Location, LocationProduct } from '@ruwa/contract';
import { BackLink } from './back-link';
import { ProductSummary } from './product-summary';
import { defaultCylinderSize } from './cylinder-fields';
import { PurchaseForm, type PaymentOptions } from './purchase-form';
import { PurchaseTabs } from './purchase-tabs';
import type { PurchasePrefill } from './purchase-prefill';

type GasDetailProps = {
  product: LocationProduct;
  locationId: number;
  /** The area's delivery terms; unknown while the locations load. */
  location?: Location;
  backHref: string;
  /** The payment flow; without it the pay button waits ('Payment opens soon'). */
  payment?: PaymentOptions;
  /** The form as it was, on "Try again" after the card popup was closed. */
  prefill?: PurchasePrefill | null;
};

/**
 * Gas by cylinder size where the area prices cylinders (bought once or by subscription), else a refill
 * priced per kilogram.
 */
export function GasDetail({ product, locationId, location, backHref, payment, prefill }: GasDetailProps) {
  const cylinders = product.cylinders ?? [];
  const byCylinder = cylinders.length > 0;
  const standard = cylinders.find((c) => String(c.size_kg) === defaultCylinderSize(cylinders));
  return (
    <div className="space-y-5">
      <BackLink href={backHref} />
      {standard ? (
        <ProductSummary
          product={product}
          priceNaira={standard.refill_price}
          unit={`for a ${standard.size_kg} kg refill`}
        />
      ) : (
        <ProductSummary product={product} unit="per kg" />
      )}
      {byCylinder ? (
        // A cylinder size can be delivered again and again, like water; gas by the kg is bought once.
        <PurchaseTabs
          product={product}
          locationId={locationId}
          location={location}
          quantityLabel="Number of cylinders"
          quantityUnit=""
          payment={payment}
          prefill={prefill}
        />
      ) : (
        <PurchaseForm
          product={product}
          locationId={locationId}
          location={location}
          mode="buy"
          quantityLabel="Quantity (KG)"
          quantityUnit=" kg"
          payment={payment}
          prefill={prefill}
        />
      )}
    </div>
  );
}
