import { describe, expect, it } from 'vitest';
import { INVALID_ENV_MESSAGE, InvalidEnvError, parseEnv } from './env';

describe('parseEnv', () => {
  it('accepts the runtime configuration the server writes to /env.js', () => {
    expect(
      parseEnv({ apiUrl: '/api', paystackPublicKey: 'pk_test_1', paystackInlineUrl: '/sandbox/paystack/inline.js' }),
    ).toEqual({ apiUrl: '/api', paystackPublicKey: 'pk_test_1', paystackInlineUrl: '/sandbox/paystack/inline.js' });
  });

  it('falls back to the build-time VITE_* values for what the runtime leaves out', () => {
    expect(parseEnv(undefined, { apiUrl: 'https://api.example.ng/api', paystackPublicKey: 'pk_live_1' })).toMatchObject(
      {
        apiUrl: 'https://api.example.ng/api',
        paystackPublicKey: 'pk_live_1',
      },
    );
    expect(
      parseEnv({ apiUrl: '/api', paystackPublicKey: '' }, { paystackPublicKey: 'pk_test_2' }).paystackPublicKey,
    ).toBe('pk_test_2');
  });

  it.each([
    ['an empty API base URL', { apiUrl: '  ', paystackPublicKey: 'pk_test_1' }, ['apiUrl']],
    ['a missing Paystack public key', { apiUrl: '/api' }, ['paystackPublicKey']],
    ['nothing at all', undefined, ['apiUrl', 'paystackPublicKey']],
  ])('rejects %s with "Invalid environment variables"', (_case, runtime, missing) => {
    let thrown: unknown;
    try {
      parseEnv(runtime);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidEnvError);
    expect((thrown as InvalidEnvError).message).toBe(INVALID_ENV_MESSAGE);
    expect((thrown as InvalidEnvError).missing).toEqual(missing);
  });
});
