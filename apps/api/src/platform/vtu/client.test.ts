import { afterEach, describe, expect, it } from 'vitest';
import { mockProvider } from '../../../test/helpers/providers';
import { readBalance, readProviderVend, readVariations, VtuClient, VtuProviderError } from './client';

const keys = { apiKey: 'api-key-1', secretKey: 'secret-key-1', publicKey: 'public-key-1' };
const client = () => new VtuClient(() => 'https://vtu.example', keys, 1_000);

let mocked: ReturnType<typeof mockProvider> | undefined;

/** Answers every call to the provider with `body` (JSON unless a string), or with `status`, recording the requests. */
function provider(body: unknown, status = 200) {
  mocked = mockProvider('https://vtu.example', () => ({ status, body }));
  return mocked.seen;
}

afterEach(async () => {
  await mocked?.restore();
  mocked = undefined;
});

describe('service variations', () => {
  it('reads the list under "variations", with string amounts as numbers', async () => {
    const requests = provider({
      response_description: '000',
      content: {
        serviceID: 'mtn-data',
        variations: [
          { variation_code: 'mtn-1gb-30d', name: '1GB 30 days', variation_amount: '339.00', fixedPrice: 'Yes' },
          { variation_code: 'mtn-10gb-30d', name: '10GB 30 days', variation_amount: '3,399.00', fixedPrice: 'Yes' },
        ],
      },
    });
    const list = await client().variations('mtn-data');
    expect(list).toEqual([
      { variation_code: 'mtn-1gb-30d', name: '1GB 30 days', amount: 339 },
      { variation_code: 'mtn-10gb-30d', name: '10GB 30 days', amount: 3399 },
    ]);
    // A GET with the api and public keys (never the secret key), for the service asked about.
    const [request] = requests;
    expect(request!.url).toBe('https://vtu.example/service-variations?serviceID=mtn-data');
    expect(request!.method).toBe('GET');
    expect(request!.headers).toMatchObject({ 'api-key': 'api-key-1', 'public-key': 'public-key-1' });
    expect(request!.headers).not.toHaveProperty('secret-key');
  });

  it('reads the list when the provider spells it "varations", and numeric amounts too', async () => {
    provider({
      content: { varations: [{ variation_code: 'glo-1gb-5n', name: 'Glo 1GB 5 nights', variation_amount: 99 }] },
    });
    expect(await client().variations('glo-data')).toEqual([
      { variation_code: 'glo-1gb-5n', name: 'Glo 1GB 5 nights', amount: 99 },
    ]);
  });

  it('leaves out entries it cannot price instead of guessing', () => {
    expect(
      readVariations({
        content: {
          variations: [
            { variation_code: 'ok', name: 'Fine', variation_amount: '100.50' },
            { variation_code: 'free', name: 'Zero', variation_amount: '0.00' },
            { variation_code: 'words', name: 'Text', variation_amount: 'call us' },
            { variation_code: 'blank', name: 'Blank', variation_amount: '' },
            { name: 'No code', variation_amount: '50' },
            null,
          ],
        },
      }),
    ).toEqual([{ variation_code: 'ok', name: 'Fine', amount: 100.5 }]);
    expect(
      readVariations({
        code: '011',
        response_description: 'INVALID ARGUMENTS',
        content: { errors: 'unknown service' },
      }),
    ).toEqual([]);
    expect(readVariations('garbage')).toEqual([]);
  });

  it('throws a provider error for a 5xx or an unreadable body, so no one prices from nothing', async () => {
    provider({ message: 'down' }, 503);
    await expect(client().variations('mtn-data')).rejects.toBeInstanceOf(VtuProviderError);
    await mocked!.restore();
    provider('<html>gateway</html>');
    await expect(client().variations('mtn-data')).rejects.toMatchObject({ reason: 'unreadable' });
  });
});

describe('balance', () => {
  it('reads VTpass\'s balance answer (code 1, under "contents") in kobo, with the public key', async () => {
    const requests = provider({ code: 1, contents: { balance: 125_000.5 } });
    expect(await client().balanceKobo()).toBe(12_500_050);
    const [request] = requests;
    expect(request!.url).toBe('https://vtu.example/balance');
    expect(request!.headers).toMatchObject({ 'api-key': 'api-key-1', 'public-key': 'public-key-1' });
    expect(request!.headers).not.toHaveProperty('secret-key');
    expect(readBalance({ code: '000', contents: { balance: '1,234.50' } })).toBe(123_450);
  });

  it('refuses an answer without a balance rather than reading it as zero', async () => {
    expect(readBalance({ code: '087', response_description: 'INVALID CREDENTIALS' })).toBeNull();
    expect(readBalance({ code: 1, contents: {} })).toBeNull();
    provider({ code: '087', response_description: 'INVALID CREDENTIALS' });
    await expect(client().balanceKobo()).rejects.toMatchObject({ reason: 'unreadable' });
  });
});

describe('a vend as the provider sees it', () => {
  it('reads status and face value from a requery answer, and an unknown request id as unknown', () => {
    expect(
      readProviderVend('r1', {
        code: '000',
        content: { transactions: { status: 'delivered', amount: 20, total_amount: 19.3 } },
        amount: 20,
      }),
    ).toEqual({ requestId: 'r1', status: 'delivered', amountKobo: 2_000 });
    expect(
      readProviderVend('r2', { code: '000', content: { transactions: { status: 'reversed' } }, amount: '1000.00' }),
    ).toEqual({ requestId: 'r2', status: 'failed', amountKobo: 100_000 });
    expect(readProviderVend('r3', { code: '015', response_description: 'INVALID REQUEST ID' })).toEqual({
      requestId: 'r3',
      status: 'unknown',
      amountKobo: null,
    });
    expect(readProviderVend('r4', 'garbage')).toMatchObject({ status: 'pending', amountKobo: null });
  });
});
