import { Navigate, useLocation, useSearchParams } from 'react-router';
import { WaterDetail } from '@/features/catalog/components/water-detail';
import { useDetailProduct } from '@/features/catalog/hooks/use-detail-product';
import { purchasePrefillFrom } from '@/features/catalog/components/purchase-prefill';
import { ProductNotFound } from '@/features/catalog/components/product-not-found';
import { NotSavedOffline, NOT_SAVED_OFFLINE } from '@/features/offline/components/not-saved-offline';
import { ConfirmingPayment, UnconfirmedPaymentNotice } from '@/components/ui/confirming-payment';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '../../paths';
import { useOrderPayment } from './order-payment';

export function WaterSubShowRoute() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const state = (location.state ?? {}) as { subscription?: unknown; location?: unknown };
  const payment = useOrderPayment();
  const detail = useDetailProduct({ stateProduct: state.subscription, stateLocation: state.location, searchParams });

  if (payment.resumed.confirming) return <ConfirmingPayment />;
  if (detail.status === 'missing') return <Navigate to={paths.app.home.getHref()} replace />;
  if (detail.status === 'not_found') return <ProductNotFound homeHref={paths.app.home.getHref()} />;
  if (detail.status === 'loading') return <PageSpinner label="Loading the product" />;
  if (detail.status === 'offline')
    return <NotSavedOffline message={NOT_SAVED_OFFLINE.product} onRetry={detail.retry} />;
  const { product, locationId, location: area } = detail;
  // An address naming a product of the other kind opens the screen for its kind.
  if (product.kind === 'gas') {
    const query = { product_id: product.id, location_id: locationId };
    return <Navigate to={paths.app.gasBuy.getHref(query)} state={{ distro: product, location: locationId }} replace />;
  }
  return (
    <>
      <UnconfirmedPaymentNotice message={payment.resumed.failed} className="mb-4" />
      <WaterDetail
        product={product}
        locationId={locationId}
        location={area}
        payment={payment}
        prefill={purchasePrefillFrom(location.state)}
        backHref={paths.app.results.getHref({ location_id: locationId, category_id: product.category_id })}
      />
    </>
  );
}
