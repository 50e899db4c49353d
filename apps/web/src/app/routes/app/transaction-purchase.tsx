import { useSearchParams } from 'react-router';
import { purchaseReference } from '@ruwa/contract';
import { PurchaseResult } from '@/features/airtime-data/components/purchase-result';
import { ReportProblem } from '@/features/support/components/report-problem';
import { paths } from '../../paths';

function idFrom(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** /transaction/purchase?id=: where an airtime or data payment lands, saying what really happened. */
export function TransactionPurchaseRoute() {
  const [searchParams] = useSearchParams();
  const id = idFrom(searchParams.get('id'));
  return (
    <PurchaseResult
      id={id}
      links={(purchase) => ({
        viewOrder: paths.app.transactionResults.getHref(),
        buyAgain: { to: paths.app.airtimeData.getHref(purchase?.kind), state: { prefill: purchase } },
        wallet: paths.app.wallet.getHref(),
        receipt: paths.app.receipt.getHref,
      })}
      extra={(purchase) => (
        <ReportProblem reference={purchaseReference('vtu', purchase.id)} helpHref={paths.app.help.getHref()} />
      )}
    />
  );
}
