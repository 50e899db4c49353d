import { useState } from 'react';
import { Trophy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { RAFFLE_DRAW_SUCCESS, useDrawRaffle } from '../../api/raffle/draw-raffle';
import type { RaffleDraw } from '@ruwa/contract/replies';
import { formatMoment } from './raffle-format';
import { RafflePastDraws } from './raffle-past-draws';
import { BackLink } from '@/components/ui/back-link';

export const DRAW_PLACEHOLDER = 'Winning Raffle ticket details will show here';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{value}</dd>
    </div>
  );
}

function WinningTicket({ draw }: { draw: RaffleDraw }) {
  const { winner } = draw;
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Detail label="Winning ticket" value={draw.slug} />
      <Detail label="Winner" value={`${winner.firstName} ${winner.lastName}`} />
      <Detail label="E-mail" value={winner.email} />
      <Detail label="Phone number" value={winner.phoneNumber} />
      <Detail label="Tickets in the draw" value={String(draw.candidates_count)} />
      <Detail label="Drawn" value={formatMoment(draw.drawn_at)} />
    </dl>
  );
}

/** A Draw Raffle button, then the winning ticket and its owner. */
export function RaffleDrawScreen({ ticketsHref }: { ticketsHref: string }) {
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<RaffleDraw | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const draw = useDrawRaffle();

  const onConfirm = () => {
    setFailure(null);
    // The last winner is not this draw's: a failed draw must not leave them showing as if just drawn.
    setResult(null);
    draw.mutate(undefined, {
      onSuccess: ({ message, data }) => {
        setResult(data);
        notifySuccess(message || RAFFLE_DRAW_SUCCESS);
      },
      onError: (error) => {
        // 409: no live tickets. The answer stays on screen; other failures are toasted too.
        setFailure(error.message);
        if (!isApiError(error) || error.status !== 409) notifyError(error.message);
      },
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <div className="space-y-6">
      <div className="flex items-center gap-2">
        <BackLink to={ticketsHref} label="Back to raffle tickets" />
        <h1 className="text-2xl font-bold text-slate-900">Raffle draw</h1>
      </div>

      <section
        aria-labelledby="draw-result-heading"
        className="max-w-2xl space-y-4 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
      >
        <h2 id="draw-result-heading" className="sr-only">
          Draw result
        </h2>
        <div aria-live="polite">
          {result ? (
            <WinningTicket draw={result} />
          ) : (
            <p className="py-6 text-center text-slate-600">{DRAW_PLACEHOLDER}</p>
          )}
        </div>
        {failure && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {failure}
          </p>
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <Button>
              <Trophy className="size-5" aria-hidden="true" />
              Draw Raffle
            </Button>
          }
          title="Draw the raffle?"
          description="One live ticket is picked at random and its owner is told they won. This cannot be undone."
          confirmLabel="Draw"
          destructive={false}
          loading={draw.isPending}
          onConfirm={onConfirm}
        />
      </section>

      <RafflePastDraws />
    </div>
  );
}
