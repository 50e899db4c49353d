import { useParams } from 'react-router';
import { ReceiptScreen } from '@/features/receipts/components/receipt-screen';
import { paths } from '../../paths';

/** /receipts/:reference: a purchase's or a wallet movement's receipt. */
export function ReceiptRoute() {
  const { reference = '' } = useParams();
  return (
    <ReceiptScreen
      key={reference}
      reference={reference}
      backHref={
        reference.toUpperCase().startsWith('TX_') ? paths.app.wallet.getHref() : paths.app.transactionResults.getHref()
      }
      receiptHref={paths.app.receipt.getHref}
    />
  );
}
