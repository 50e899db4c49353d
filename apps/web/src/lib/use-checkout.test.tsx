import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_ERROR_CODES } from '@ruwa/contract/payments';
import { fakePaystackPop } from '@/testing/fake-paystack';
import { stopDefaultPinAnswers, TEST_WALLET_PIN } from '@/testing/wallet-pin';
import { deferred, jsonResponse, signIn, stubFetch } from '@/testing/render-app';
import { ApiError } from './api-client';
import { paidUnrecorded } from './paid-unrecorded';
import { useCheckout, type CheckoutOutcome, type CheckoutRequest } from './use-checkout';
import { pendingPinRequest, subscribePinRequests } from './wallet-pin';

const intent = {
  reference: 'RUWA_CHECKOUT_1',
  amount_kobo: 70_000,
  amount: 700,
  currency: 'NGN',
  email: 'ada@ruwa.local',
  metadata: { purpose: 'product_order' },
};

/** The payment intent answers `intent`; anything else is left to the test. */
function stubInitialize(
  answer: () => Response = () => jsonResponse(200, { message: 'Payment started', data: intent }),
) {
  return stubFetch(({ method, url }) => {
    if (method === 'GET' && url === '/api/wallet/me')
      return jsonResponse(200, {
        message: '',
        data: { balance: 1000, savings: 0, bank_details: [], pin_set: true, pin_locked_until: null },
      });
    return method === 'POST' && url === '/api/payments/paystack/initialize' ? answer() : undefined;
  });
}

function cardRequest(record: CheckoutRequest<string>['record'], reference?: string): CheckoutRequest<string> {
  return {
    method: 'card',
    purpose: 'product_order',
    input: { product_id: 1, location_id: 2, quantity: 2, recipient_address: '1 Admiralty Way' },
    record,
    reference,
  };
}

async function run<Result>(request: CheckoutRequest<Result>) {
  const hook = renderHook(() => useCheckout());
  let outcome: CheckoutOutcome<Result> | null = null;
  await act(async () => {
    outcome = await hook.result.current.checkout(request);
  });
  return { outcome: outcome as CheckoutOutcome<Result> | null, hook };
}

beforeEach(() => {
  signIn();
});

afterEach(() => {
  delete window.PaystackPop;
  window.sessionStorage.clear();
});

describe('useCheckout', () => {
  it('paid: the server prices the purchase, the popup charges it, and the purchase is recorded with the reference', async () => {
    const { calls } = stubInitialize();
    const opened = fakePaystackPop((options) => options.onSuccess({ reference: options.reference }));
    const record = vi.fn(async () => 'order #41');

    const { outcome } = await run(cardRequest(record));

    expect(outcome).toEqual({ status: 'paid', result: 'order #41', reference: 'RUWA_CHECKOUT_1' });
    expect(calls.find(({ url }) => url === '/api/payments/paystack/initialize')?.body).toEqual({
      purpose: 'product_order',
      product_id: 1,
      location_id: 2,
      quantity: 2,
      recipient_address: '1 Admiralty Way',
    });
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ reference: 'RUWA_CHECKOUT_1', amount: 70_000, email: 'ada@ruwa.local' });
    expect(record).toHaveBeenCalledExactlyOnceWith({ transaction_id: 'RUWA_CHECKOUT_1' });
  });

  it('paid from the wallet: no popup, the purchase is recorded with the wallet debit and the PIN', async () => {
    const { calls } = stubInitialize();
    const opened = fakePaystackPop(() => undefined);
    const record = vi.fn(async () => 'order #42');

    const { outcome } = await run({ ...cardRequest(record), method: 'wallet' });

    expect(outcome).toEqual({ status: 'paid', result: 'order #42' });
    expect(record).toHaveBeenCalledExactlyOnceWith({ payment_method: 'wallet', pin: TEST_WALLET_PIN });
    expect(opened).toHaveLength(0);
    expect(calls.map((call) => call.url)).toEqual(['/api/wallet/me']);
  });

  it('asks for the PIN again after a wrong one, and spends nothing when the sheet is closed', async () => {
    stubInitialize();
    const wrong = 'Wrong PIN. 4 attempts left before wallet payments are locked for 30 minutes.';
    const record = vi.fn(async (payment: { pin?: string }): Promise<string> => {
      if (payment.pin === TEST_WALLET_PIN) return 'order #43';
      throw new ApiError(422, wrong, { pin: [wrong] }, 'pin_required');
    });
    stopDefaultPinAnswers();
    const asked: unknown[] = [];
    const stop = subscribePinRequests(() => {
      const open = pendingPinRequest();
      if (!open) return;
      asked.push(open.request);
      queueMicrotask(() => open.resolve(asked.length === 1 ? '1111' : TEST_WALLET_PIN));
    });
    try {
      const { outcome } = await run({ ...cardRequest(record as CheckoutRequest<string>['record']), method: 'wallet' });
      expect(outcome).toEqual({ status: 'paid', result: 'order #43' });
      expect(asked).toEqual([
        { mode: 'enter', purpose: 'payment' },
        { mode: 'enter', error: wrong, purpose: 'payment' },
      ]);
    } finally {
      stop();
    }

    const closing = subscribePinRequests(() => {
      const open = pendingPinRequest();
      if (open) queueMicrotask(() => open.resolve(null));
    });
    try {
      const never = vi.fn(async () => 'never');
      const { outcome } = await run({ ...cardRequest(never), method: 'wallet' });
      expect(outcome).toBeNull();
      expect(never).not.toHaveBeenCalled();
    } finally {
      closing();
    }
  });

  it('closed: the customer closed the popup, so nothing is recorded', async () => {
    stubInitialize();
    fakePaystackPop((options) => options.onCancel());
    const record = vi.fn(async () => 'never');

    const { outcome, hook } = await run(cardRequest(record));

    expect(outcome).toEqual({ status: 'closed', reference: 'RUWA_CHECKOUT_1' });
    expect(record).not.toHaveBeenCalled();
    expect(hook.result.current.phase).toBe('idle');
  });

  it('declined: the server refuses before any money moves, with the code the form acts on', async () => {
    stubInitialize(() =>
      jsonResponse(409, {
        message: 'You bought ₦100 for 08031234567 less than 30 seconds ago. Buy it again?',
        code: 'possible_duplicate',
      }),
    );
    const opened = fakePaystackPop(() => undefined);
    const record = vi.fn(async () => 'never');

    const { outcome } = await run(cardRequest(record));

    expect(outcome?.status).toBe('declined');
    const { error } = outcome as Extract<CheckoutOutcome<string>, { status: 'declined' }>;
    expect(error.status).toBe(409);
    expect(error.code).toBe(API_ERROR_CODES.possibleDuplicate);
    expect(error.message).toBe('You bought ₦100 for 08031234567 less than 30 seconds ago. Buy it again?');
    expect(opened).toHaveLength(0);
    expect(record).not.toHaveBeenCalled();
  });

  it('declined from the wallet: a wallet too short answers insufficient_balance and the field message', async () => {
    stubInitialize();
    const short = 'Insufficient wallet balance: you have ₦100 and this needs ₦700.';
    const record = vi.fn(async (): Promise<string> => {
      throw new ApiError(422, short, { payment_method: [short] }, 'insufficient_balance');
    });

    const { outcome } = await run({ ...cardRequest(record), method: 'wallet' });

    const { error } = outcome as Extract<CheckoutOutcome<string>, { status: 'declined' }>;
    expect(outcome?.status).toBe('declined');
    expect(error.code).toBe(API_ERROR_CODES.insufficientBalance);
    expect(error.fieldError('payment_method')).toBe(short);
  });

  it('pending: the card was charged but recording failed; recording again with the reference opens no popup', async () => {
    stubInitialize();
    const opened = fakePaystackPop((options) => options.onSuccess({ reference: options.reference }));
    const unreachable = new ApiError(0, 'Network error. Check your connection and try again.');
    const record = vi.fn(async (): Promise<string> => {
      throw unreachable;
    });

    const first = await run(cardRequest(record));
    expect(first.outcome).toEqual({ status: 'pending', reference: 'RUWA_CHECKOUT_1', error: unreachable });

    record.mockResolvedValueOnce('order #43');
    const retry = await run(cardRequest(record, 'RUWA_CHECKOUT_1'));
    expect(retry.outcome).toEqual({ status: 'paid', result: 'order #43', reference: 'RUWA_CHECKOUT_1' });
    expect(opened).toHaveLength(1);
    expect(record).toHaveBeenLastCalledWith({ transaction_id: 'RUWA_CHECKOUT_1' });
  });

  it('keeps the paid payment for the next load while recording got no answer, and drops it once one came', async () => {
    stubInitialize();
    fakePaystackPop((options) => options.onSuccess({ reference: options.reference }));
    // A reload cuts the request off: fetch fails the way an unreachable server does.
    const record = vi.fn(async (): Promise<string> => {
      throw new ApiError(0, 'Network error. Check your connection and try again.');
    });

    await run(cardRequest(record));
    expect(paidUnrecorded.read()).toEqual({
      purpose: 'product_order',
      reference: 'RUWA_CHECKOUT_1',
      input: cardRequest(record).input,
    });

    record.mockRejectedValueOnce(new ApiError(422, 'The given data was invalid.', { quantity: ['Too many.'] }));
    await run(cardRequest(record, 'RUWA_CHECKOUT_1'));
    expect(paidUnrecorded.read()).toBeNull();
  });

  it('error: the server failed before any popup opened, so nothing was charged', async () => {
    stubInitialize(() => jsonResponse(503, { message: 'The database cannot be reached.' }));
    const opened = fakePaystackPop(() => undefined);
    const record = vi.fn(async () => 'never');

    const { outcome } = await run(cardRequest(record));

    expect(outcome).toEqual({ status: 'error', message: 'The database cannot be reached.' });
    expect(opened).toHaveLength(0);
    expect(record).not.toHaveBeenCalled();
  });

  it('says saving while the purchase is recorded, and ignores a second tap while one is under way', async () => {
    stubInitialize();
    const opened = fakePaystackPop((options) => options.onSuccess({ reference: options.reference }));
    const saved = deferred<string>();
    const record = vi.fn(() => saved.promise);
    const hook = renderHook(() => useCheckout());

    let first!: Promise<CheckoutOutcome<string> | null>;
    act(() => {
      first = hook.result.current.checkout(cardRequest(record));
    });
    await vi.waitFor(() => expect(hook.result.current.phase).toBe('saving'));
    let second: CheckoutOutcome<string> | null | undefined;
    await act(async () => {
      second = await hook.result.current.checkout(cardRequest(record));
    });
    expect(second).toBeNull();

    await act(async () => {
      saved.resolve('order #44');
      await first;
    });
    expect(await first).toEqual({ status: 'paid', result: 'order #44', reference: 'RUWA_CHECKOUT_1' });
    expect(opened).toHaveLength(1);
    expect(record).toHaveBeenCalledTimes(1);
    expect(hook.result.current.phase).toBe('idle');
  });
});
