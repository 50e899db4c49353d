import type { PaystackListedRefund } from '../../platform/paystack/client';
import type { CardRefundSummary } from '../payments/service';
import { SETTLING_MS, type Finding } from './findings';

type OurRefund = CardRefundSummary;

/** Refunded money per transaction reference: the sum of its refunds and the earliest one's time. */
function byTransaction<T>(rows: T[], reference: (row: T) => string, kobo: (row: T) => number, at: (row: T) => Date) {
  const sums = new Map<string, { kobo: number; at: Date }>();
  for (const row of rows) {
    const key = reference(row);
    const seen = sums.get(key);
    const when = at(row);
    sums.set(key, { kobo: (seen?.kobo ?? 0) + kobo(row), at: seen && seen.at < when ? seen.at : when });
  }
  return sums;
}

/**
 * Compares refunds of card transactions, per refunded transaction, both sides read a day wider than
 * the day (the caller's window). A failed refund moved no money on either side and is left out.
 * Paystack's pending and processed refunds count: Paystack owes us that much less from the moment it
 * accepts one. Ours count from the moment we asked, with one exception: a refund we recorded but
 * Paystack never acknowledged (still `requested` or `pending`) and does not list is not a
 * difference but a stuck refund, shown on its own list; only one we recorded as processed and
 * Paystack does not list is `refund_missing_theirs`.
 *
 * Answers the findings, the references it judged (those refunded within `inDay`, past settling) and
 * those of the day it left for later (younger than SETTLING_MS).
 */
export function compareRefunds(
  theirs: PaystackListedRefund[],
  ours: OurRefund[],
  inDay: (at: Date) => boolean,
  now: Date,
): { findings: Finding[]; checked: Set<string>; waiting: Set<string> } {
  const theirSums = byTransaction(
    theirs.filter((refund) => refund.status !== 'failed' && refund.transactionReference),
    (refund) => refund.transactionReference,
    (refund) => refund.amountKobo,
    (refund) => new Date(refund.createdAt),
  );
  const live = ours.filter((refund) => refund.status !== 'failed');
  const ourSums = byTransaction(
    live,
    (refund) => refund.transactionReference,
    (refund) => refund.amountKobo,
    (refund) => refund.createdAt,
  );
  const processed = new Set(live.filter((r) => r.status === 'processed').map((r) => r.transactionReference));

  const findings: Finding[] = [];
  const checked = new Set<string>();
  const waiting = new Set<string>();
  for (const reference of new Set([...theirSums.keys(), ...ourSums.keys()])) {
    const their = theirSums.get(reference);
    const our = ourSums.get(reference);
    const at = [their?.at, our?.at].filter((d): d is Date => !!d).sort((a, b) => a.getTime() - b.getTime())[0]!;
    if (!inDay(at)) continue;
    if (now.getTime() - at.getTime() < SETTLING_MS) {
      waiting.add(reference);
      continue;
    }
    if (!their && !processed.has(reference)) continue;
    checked.add(reference);
    if (!our) {
      findings.push({ reference, kind: 'refund_missing_ours', oursKobo: null, theirsKobo: their!.kobo, at });
    } else if (!their) {
      findings.push({ reference, kind: 'refund_missing_theirs', oursKobo: our.kobo, theirsKobo: null, at });
    } else if (their.kobo !== our.kobo) {
      findings.push({ reference, kind: 'refund_amount_differs', oursKobo: our.kobo, theirsKobo: their.kobo, at });
    }
  }
  return { findings, checked, waiting };
}
