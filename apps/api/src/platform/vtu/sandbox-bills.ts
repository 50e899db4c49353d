import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ELECTRICITY_SERVICE_IDS } from '@ruwa/contract';
import type { AppContext } from '../../lib/context';
import { VTU_CALLBACK_PATH } from './client';
import { sandboxVtuTransactions } from './schema';
import { SANDBOX_PENDING_MS, sandboxChargeKobo } from './sandbox-float';

type Row = typeof sandboxVtuTransactions.$inferSelect;
type KeyCheck = (kind: 'secret' | 'public') => (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * The sandbox's meter numbers (VTpass's own test numbers where it has them): these verify; any other
 * number does not.
 */
export const SANDBOX_METERS = {
  prepaid: '1111111111111',
  postpaid: '1010101010101',
  /** Verifies, and its payment stays pending until a requery at least 5 s later delivers it. */
  pending: '201000000000',
  /** Verifies, then the provider refuses the payment (code 016). */
  refused: '500000000000',
} as const;

const KNOWN_METERS: Record<string, { name: string; address: string }> = {
  [SANDBOX_METERS.prepaid]: { name: 'TESTMETER1', address: 'ABULE - ABULE' },
  [SANDBOX_METERS.postpaid]: { name: 'TESTMETER2', address: '12 ADEOLA ODEKU STREET, VICTORIA ISLAND' },
  [SANDBOX_METERS.pending]: { name: 'ADEBAYO OLUMIDE', address: '4 ALLEN AVENUE, IKEJA' },
  [SANDBOX_METERS.refused]: { name: 'CHIOMA NWOSU', address: '21 OGUI ROAD, ENUGU' },
};

/** The sandbox's tariff, to turn naira into the units a token carries. */
const SANDBOX_NAIRA_PER_KWH = 209.5;

const isElectricity = (serviceId: unknown) => (ELECTRICITY_SERVICE_IDS as readonly unknown[]).includes(serviceId);

const outcomeOf = (meter: string) =>
  meter === SANDBOX_METERS.pending
    ? 'pending'
    : meter in KNOWN_METERS && meter !== SANDBOX_METERS.refused
      ? 'delivered'
      : 'failed';

/** The same 20-digit token for a request id every time it is asked about. */
const tokenFor = (requestId: string) => {
  const digits = BigInt(`0x${createHash('sha256').update(requestId).digest('hex').slice(0, 20)}`).toString();
  return digits.padStart(20, '7').slice(-20);
};

const unitsFor = (amountNaira: number) => (Math.floor((amountNaira / SANDBOX_NAIRA_PER_KWH) * 10) / 10).toFixed(1);

/** A bill vend as VTpass answers its pay and requery: the token and units of a prepaid one at the top level. */
function billTransaction(row: Row, status: string) {
  const chargeKobo = sandboxChargeKobo(row.amountNaira);
  const commission = (row.amountNaira * 100 - chargeKobo) / 100;
  const token = status === 'delivered' && row.purchasedCode ? row.purchasedCode : null;
  const units = token ? unitsFor(row.amountNaira) : null;
  return {
    code: '000',
    response_description:
      status === 'delivered'
        ? 'TRANSACTION SUCCESSFUL'
        : status === 'failed'
          ? 'TRANSACTION FAILED'
          : 'TRANSACTION PROCESSING',
    requestId: row.requestId,
    amount: String(row.amountNaira),
    transaction_date: { date: row.createdAt.toISOString() },
    purchased_code: token ? `Token : ${token}` : '',
    ...(token ? { mainToken: token, mainTokenUnits: Number(units), units: `${units} kWh` } : {}),
    content: {
      transactions: {
        status,
        product_name: row.serviceId,
        unique_element: row.billersCode,
        amount: row.amountNaira,
        commission,
        total_amount: chargeKobo / 100,
        type: 'Electricity Bill',
        transactionId: `SBX${row.id}`,
        commission_details: { amount: commission, rate: '3.00', rate_type: 'percent', computation_type: 'default' },
      },
    },
  };
}

/**
 * Electricity in the VTU sandbox, in VTpass's shapes: `merchant-verify` with `type`, `pay` with
 * `billersCode` and the meter type as `variation_code`, the requery of a bill, and the
 * `transaction-update` callback (sent on demand by `POST /sandbox/vtu/callback-now`).
 */
export function registerBillSandbox(sandbox: FastifyInstance, ctx: AppContext, requireKeys: KeyCheck) {
  const { db } = ctx;

  sandbox.post('/merchant-verify', { onRequest: requireKeys('secret') }, async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const meter = String(body.billersCode ?? '');
    const type = String(body.type ?? '').toLowerCase();
    if (!isElectricity(body.serviceID) || !meter || (type !== 'prepaid' && type !== 'postpaid'))
      return { code: '011', response_description: 'INVALID ARGUMENTS' };
    const known = KNOWN_METERS[meter];
    if (!known)
      return {
        code: '000',
        content: {
          error: `This meter is not correct or is not a valid ${String(body.serviceID)} ${type} meter.`,
          WrongBillersCode: true,
        },
      };
    return {
      code: '000',
      content: {
        Customer_Name: known.name,
        Address: known.address,
        Meter_Number: meter,
        Customer_Arrears: '',
        Minimum_Amount: 1000,
        Min_Purchase_Amount: 1000,
        Can_Vend: 'yes',
        Business_Unit: '',
        Customer_Account_Type: 'NMD',
        Meter_Type: type.toUpperCase(),
        WrongBillersCode: false,
      },
    };
  });

  const pay = async (body: Record<string, unknown>) => {
    const requestId = String(body.request_id ?? '');
    const meter = String(body.billersCode ?? '');
    const type = String(body.variation_code ?? '');
    const amount = Number(body.amount);
    if (
      !/^\d{12}/.test(requestId) ||
      !/^\d{6,15}$/.test(meter) ||
      (type !== 'prepaid' && type !== 'postpaid') ||
      !Number.isInteger(amount) ||
      amount <= 0 ||
      !/^\+?\d{10,14}$/.test(String(body.phone ?? ''))
    )
      return { code: '011', response_description: 'INVALID ARGUMENTS' };
    const [existing] = await db
      .select()
      .from(sandboxVtuTransactions)
      .where(eq(sandboxVtuTransactions.requestId, requestId));
    if (existing) return { code: '014', response_description: 'REQUEST ID ALREADY EXIST' };
    const status = outcomeOf(meter);
    const [row] = await db
      .insert(sandboxVtuTransactions)
      .values({
        requestId,
        serviceId: String(body.serviceID),
        phone: String(body.phone),
        amountNaira: amount,
        variationCode: type,
        billersCode: meter,
        purchasedCode: type === 'prepaid' ? tokenFor(requestId) : null,
        status,
      })
      .returning();
    if (status === 'failed')
      return { ...billTransaction(row!, 'failed'), code: '016', response_description: 'TRANSACTION FAILED' };
    if (status === 'pending')
      return { ...billTransaction(row!, 'pending'), code: '099', response_description: 'TRANSACTION IS PROCESSING' };
    return billTransaction(row!, 'delivered');
  };

  /** A pending bill is delivered by the first requery at least 5 s after it was paid. */
  const requery = async (row: Row) => {
    if (row.status === 'pending' && Date.now() - row.createdAt.getTime() >= SANDBOX_PENDING_MS) {
      await db.update(sandboxVtuTransactions).set({ status: 'delivered' }).where(eq(sandboxVtuTransactions.id, row.id));
      return billTransaction(row, 'delivered');
    }
    return billTransaction(row, row.status);
  };

  return { isBill: (body: Record<string, unknown>) => isElectricity(body.serviceID), pay, requery };
}

/**
 * `POST /sandbox/vtu/callback-now { request_id }`: the provider finishes a vend still pending (it is
 * delivered) and posts its `transaction-update` callback to our server at once, as VTpass would;
 * answers what our server replied.
 */
export function registerBillSandboxTools(tools: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  tools.post('/callback-now', async (request, reply) => {
    const requestId = String(((request.body ?? {}) as Record<string, unknown>).request_id ?? '');
    const [found] = await db
      .select()
      .from(sandboxVtuTransactions)
      .where(eq(sandboxVtuTransactions.requestId, requestId));
    if (!found) return reply.code(404).send({ status: false, message: 'No vend with this request id' });
    let row: Row = found;
    if (row.status === 'pending') {
      [row = found] = await db
        .update(sandboxVtuTransactions)
        .set({ status: 'delivered' })
        .where(eq(sandboxVtuTransactions.id, row.id))
        .returning();
    }
    const data = row.billersCode
      ? billTransaction(row, row.status)
      : {
          code: '000',
          requestId: row.requestId,
          amount: String(row.amountNaira),
          content: { transactions: { status: row.status, product_name: row.serviceId, unique_element: row.phone } },
        };
    const answer = await fetch(`${ctx.internalUrl()}${VTU_CALLBACK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'transaction-update', data }),
    });
    return { status: true, data: { request_id: requestId, status: row.status, answer: await answer.json() } };
  });
}
