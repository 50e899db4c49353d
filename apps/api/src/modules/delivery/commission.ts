import { formatNaira, koboToNaira, type CategoryKind } from '@ruwa/contract';
import type { DbOrTx, Tx } from '../../db/client';
import * as agents from '../agents/service';
import type { AgentRow } from '../agents/service';
import { notify } from '../notifications/service';
import type { OrderRow } from '../orders/service';
import { getSettings } from '../settings/service';
import { credit } from '../wallet/service';

// An agent's commission on each order they deliver, at the settings' percentage for its kind.

type Paging = { limit: number; offset: number };

/** The commission for one delivered order, once (unique order id), credited to the agent's wallet. */
export async function payCommission(tx: Tx, agent: AgentRow, order: OrderRow) {
  const rules = await getSettings(tx);
  const percent = rules.commission[order.categoryKind as keyof typeof rules.commission] ?? 0;
  const amountKobo = Math.floor((order.amountKobo * percent) / 100);
  const row = await agents.recordCommission(tx, {
    agentId: agent.id,
    orderId: order.id,
    kind: order.categoryKind,
    percent: String(percent),
    orderAmountKobo: order.amountKobo,
    amountKobo,
  });
  if (row && amountKobo > 0) {
    await credit(tx, agent.userId, {
      amountKobo,
      type: 'commission',
      reference: `commission:order:${order.id}`,
      description: `Commission for order #${order.id}`,
    });
    await notify(tx, agent.userId, {
      kind: 'agent',
      title: 'Commission earned',
      description: `${formatNaira(koboToNaira(amountKobo))} for delivering order #${order.id}.`,
    });
  }
}

export async function listCommissions(db: DbOrTx, agentId: number, paging: Paging) {
  const { rows, total } = await agents.commissionsOf(db, agentId, paging);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      order_id: r.orderId,
      // The delivered order's kind, copied when the commission was paid.
      kind: r.kind as CategoryKind,
      percent: Number(r.percent),
      order_amount: koboToNaira(r.orderAmountKobo),
      amount: koboToNaira(r.amountKobo),
      created_at: r.createdAt.toISOString(),
    })),
    total,
  };
}
