import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, stubFetch } from '@/testing/render-app';
import { ApiError, api, buildUrl, setUnauthorizedHandler, toSearchParams } from './api-client';
import { loadEnv } from './env';
import { startSession } from './session';

let restoreHandler: (() => void) | undefined;
afterEach(() => restoreHandler?.());

describe('api client', () => {
  it('attaches the stored bearer token and parses the envelope', async () => {
    startSession({ access_token: 'tok_123', user: makeUser() });
    const { calls } = stubFetch(() => jsonResponse(200, { message: 'OK', data: { balance: 1500 } }));

    const result = await api.get<{ balance: number }>('wallet/me');

    expect(result).toEqual({ message: 'OK', data: { balance: 1500 } });
    expect(calls[0]?.url).toBe('/api/wallet/me');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer tok_123');
  });

  it("takes the page's early answer for the same GET once, then asks the network", async () => {
    startSession({ access_token: 'tok_123', user: makeUser() });
    const { calls } = stubFetch(() => jsonResponse(200, { message: '', data: { balance: 9 } }));
    const url = new URL('/api/wallet/me', window.location.href).href;
    window.__RUWA_EARLY__ = {
      [url]: { token: 'tok_123', response: Promise.resolve(jsonResponse(200, { message: '', data: { balance: 7 } })) },
    };

    expect((await api.get<{ balance: number }>('wallet/me')).data).toEqual({ balance: 7 });
    expect(calls).toHaveLength(0);
    expect((await api.get<{ balance: number }>('wallet/me')).data).toEqual({ balance: 9 });
    expect(calls).toHaveLength(1);

    // A failed early request is asked again.
    window.__RUWA_EARLY__ = { [url]: { token: 'tok_123', response: Promise.resolve(null) } };
    expect((await api.get<{ balance: number }>('wallet/me')).data).toEqual({ balance: 9 });
    expect(calls).toHaveLength(2);
    window.__RUWA_EARLY__ = undefined;
  });

  it('sends no Authorization header when signed out, and JSON bodies when posting', async () => {
    const { calls } = stubFetch(() => jsonResponse(200, { message: 'Signed in', data: {} }));
    await api.post('auth/login', { email: 'a@b.ng', password: 'secret123' });
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ email: 'a@b.ng', password: 'secret123' });
  });

  it('drops empty and false query filters before sending', async () => {
    const { calls } = stubFetch(() => jsonResponse(200, { message: '', data: [] }));
    await api.get('products/index', {
      page: 2,
      search: '',
      category: undefined,
      location_id: null,
      approved: false,
      enabled: true,
      q: '  ',
    });
    expect(calls[0]?.url).toBe('/api/products/index?page=2&enabled=1');
    expect(toSearchParams({ page: 0 }).toString()).toBe('page=0');
  });

  it('joins the base URL and path with exactly one slash', () => {
    window.__RUWA_ENV__ = { apiUrl: 'https://api.ruwa.ng/api/', paystackPublicKey: 'pk' };
    loadEnv();
    expect(buildUrl('/users/me')).toBe('https://api.ruwa.ng/api/users/me');
  });

  it('turns a 422 into an ApiError with the field errors', async () => {
    stubFetch(() =>
      jsonResponse(422, {
        message: 'The email has already been taken.',
        errors: { email: ['The email has already been taken.'], phone_number: ['The phone number is invalid.', 'x'] },
      }),
    );
    const error = await api.post('auth/register', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.message).toBe('The email has already been taken.');
    expect(apiError.errors).toEqual({
      email: ['The email has already been taken.'],
      phone_number: ['The phone number is invalid.', 'x'],
    });
    expect(apiError.fieldError('phone_number')).toBe('The phone number is invalid.');
  });

  it('hands a 401 on an authenticated call to the unauthorized handler (login redirect)', async () => {
    startSession({ access_token: 'expired', user: makeUser() });
    const handler = vi.fn();
    restoreHandler = setUnauthorizedHandler(handler);
    stubFetch(() => jsonResponse(401, { message: 'Unauthenticated.' }));

    await expect(api.get('users/me')).rejects.toMatchObject({ status: 401, message: 'Unauthenticated.' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0]?.[0]).toMatchObject({ status: 401 });
  });

  it('does the same for a 403, but not for a failed sign-in (no token was sent)', async () => {
    const handler = vi.fn();
    restoreHandler = setUnauthorizedHandler(handler);
    stubFetch(() => jsonResponse(403, { message: 'This account has been suspended.' }));
    await expect(api.post('auth/login', {})).rejects.toMatchObject({ status: 403 });
    expect(handler).not.toHaveBeenCalled();

    startSession({ access_token: 'tok', user: makeUser() });
    await expect(api.get('admin/customers')).rejects.toMatchObject({ status: 403 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone on a 403 that names its reason, for the screen to explain', async () => {
    const handler = vi.fn();
    restoreHandler = setUnauthorizedHandler(handler);
    startSession({ access_token: 'tok', user: makeUser() });
    stubFetch(() => jsonResponse(403, { message: 'Verify your phone number to withdraw.', code: 'phone_unverified' }));
    await expect(api.post('wallet-transactions/withdraw', {})).rejects.toMatchObject({
      status: 403,
      code: 'phone_unverified',
      message: 'Verify your phone number to withdraw.',
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it('reads how long a 429 asks to wait from Retry-After', async () => {
    stubFetch(
      () =>
        new Response(JSON.stringify({ message: 'Please wait 42 seconds before asking for another code.' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '42' },
        }),
    );
    await expect(api.post('auth/phone/send-code')).rejects.toMatchObject({ status: 429, retryAfterSeconds: 42 });
  });

  it('reports a network failure as status 0 with a readable message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('users/me')).rejects.toMatchObject({
      status: 0,
      message: expect.stringMatching(/connection/),
    });
  });

  it('uses a readable message when an error body is not JSON', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get('wallet/me')).rejects.toMatchObject({ status: 502, message: expect.stringContaining('502') });
  });
});
