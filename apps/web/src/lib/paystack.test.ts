import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakePaystackPop } from '@/testing/fake-paystack';
import { jsonResponse, stubFetch } from '@/testing/render-app';

// Each test gets a fresh module: loadPaystack remembers a script that is loading.
async function freshPaystack() {
  vi.resetModules();
  return import('./paystack');
}

function paystackScripts() {
  return [...document.querySelectorAll<HTMLScriptElement>('script')].filter((script) =>
    script.src.endsWith('/sandbox/paystack/inline.js'),
  );
}

const intent = {
  reference: 'RUWA_TEST_1',
  amount_kobo: 150_000,
  amount: 1500,
  currency: 'NGN',
  email: 'ada@ruwa.local',
  metadata: { purpose: 'deposit', user_id: 7, amount: 1500 },
};

afterEach(() => {
  delete window.PaystackPop;
  paystackScripts().forEach((script) => script.remove());
});

describe('loadPaystack', () => {
  it("rejects with 'Unable to load paystack inline script' when the script fails, and tries again next time", async () => {
    const { loadPaystack, PAYSTACK_LOAD_ERROR } = await freshPaystack();
    expect(PAYSTACK_LOAD_ERROR).toBe('Unable to load paystack inline script');

    const loading = loadPaystack();
    const [script] = paystackScripts();
    expect(script).toBeDefined();
    script!.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow('Unable to load paystack inline script');
    expect(paystackScripts()).toHaveLength(0);

    // A later attempt (e.g. the connection came back) adds the script again.
    const retry = loadPaystack();
    expect(paystackScripts()).toHaveLength(1);
    fakePaystackPop(() => undefined);
    paystackScripts()[0]!.dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBeUndefined();
  });

  it('does not add the script again once PaystackPop is there', async () => {
    const { loadPaystack } = await freshPaystack();
    fakePaystackPop(() => undefined);
    await expect(loadPaystack()).resolves.toBeUndefined();
    expect(paystackScripts()).toHaveLength(0);
  });
});

describe('payByCard', () => {
  it("records the intent on the server, opens the popup with the user's e-mail and kobo, and resolves 'paid'", async () => {
    const { payByCard } = await freshPaystack();
    const { calls } = stubFetch(({ url }) =>
      url === '/api/payments/paystack/initialize'
        ? jsonResponse(200, { message: 'Payment started', data: intent })
        : undefined,
    );
    const opened = fakePaystackPop((options) => options.onSuccess({ reference: options.reference }));

    await expect(payByCard('deposit', { amount: 1500 })).resolves.toEqual({ status: 'paid', reference: 'RUWA_TEST_1' });

    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', body: { purpose: 'deposit', amount: 1500 } });
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({
      key: 'pk_test_sandbox',
      email: 'ada@ruwa.local',
      amount: 150_000,
      reference: 'RUWA_TEST_1',
      currency: 'NGN',
      metadata: intent.metadata,
    });
  });

  it("resolves 'closed' when the customer closes the popup", async () => {
    const { payByCard } = await freshPaystack();
    stubFetch(() => jsonResponse(200, { message: 'Payment started', data: intent }));
    fakePaystackPop((options) => options.onCancel());
    await expect(payByCard('deposit', { amount: 1500 })).resolves.toEqual({
      status: 'closed',
      reference: 'RUWA_TEST_1',
    });
  });

  it('opens no popup when the server refuses the payment', async () => {
    const { payByCard } = await freshPaystack();
    stubFetch(() =>
      jsonResponse(422, { message: 'Amount cannot be empty', errors: { amount: ['Amount cannot be empty'] } }),
    );
    const opened = fakePaystackPop(() => undefined);
    await expect(payByCard('deposit', { amount: 0 })).rejects.toMatchObject({
      status: 422,
      errors: { amount: ['Amount cannot be empty'] },
    });
    expect(opened).toHaveLength(0);
  });
});
