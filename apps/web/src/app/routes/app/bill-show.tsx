import { useSearchParams } from 'react-router';
import { BillOutcome } from '@/features/bills/components/bill-outcome';
import { ReportProblem } from '@/features/support/components/report-problem';
import { paths } from '../../paths';

/** /bills/show?reference=VTU-n: where an electricity payment lands, saying what really happened. */
export function BillShowRoute() {
  const [searchParams] = useSearchParams();
  const reference = searchParams.get('reference')?.trim() || null;
  return (
    <>
      <BillOutcome
        reference={reference}
        links={{
          payAgain: paths.app.electricity.getHref(),
          wallet: paths.app.wallet.getHref(),
          receipt: paths.app.receipt.getHref,
        }}
      />
      {reference && (
        <div className="mx-auto mt-4 w-full max-w-sm">
          <ReportProblem reference={reference} helpHref={paths.app.help.getHref()} />
        </div>
      )}
    </>
  );
}
