import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariantUrl } from '@ruwa/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createUser, type Actor } from '../../../test/helpers/factories';
import { blankPng, dataUrl, tinyPng } from '../../../test/helpers/images';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A profile update that keeps the actor's e-mail and phone (changing those is contact-change.test.ts's). */
const profile = (actor: Actor | null, overrides: Record<string, unknown> = {}) => ({
  first_name: 'Amaka',
  last_name: 'Eze',
  email: actor?.user.email ?? 'amaka@example.com',
  phone_number: actor?.user.phoneNumber ?? '08061234567',
  ...overrides,
});

describe('POST /api/users/update', () => {
  it('refuses a phone number another customer has, however it is typed, on phone_number', async () => {
    const owner = await createUser(t, { phoneNumber: '+2348035557777' });
    for (const typed of ['0803 555 7777', '+234 803 555 7777', '2348035557777']) {
      const res = await call(t, 'POST', '/api/auth/register', {
        body: {
          first_name: 'Chidi',
          last_name: 'Okafor',
          email: `same.phone.${typed.length}@example.com`,
          phone_number: typed,
          password: 'lagos-water-1',
          password_confirmation: 'lagos-water-1',
        },
      });
      expect(res.status, typed).toBe(422);
      expect(res.body.errors.phone_number).toEqual(['The phone number has already been taken.']);
    }
    const other = await createUser(t);
    const update = await call(t, 'POST', '/api/users/update', {
      token: other.token,
      body: {
        first_name: 'Ngozi',
        last_name: 'Ade',
        email: other.user.email,
        phone_number: '08035557777',
        current_password: other.password,
      },
    });
    expect(update.status).toBe(422);
    expect(update.body.errors.phone_number).toEqual(['The phone number has already been taken.']);
    expect(owner.user.phoneNumber).toBe('+2348035557777');
  });

  it('updates the profile and stores the photo as a served file', async () => {
    const actor = await createUser(t);
    const res = await call(t, 'POST', '/api/users/update', {
      token: actor.token,
      body: profile(actor, { base64_photos: [dataUrl(tinyPng())] }),
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile has been updated successfully');
    expect(res.body.data).toMatchObject({
      first_name: 'Amaka',
      email: actor.user.email,
      phone_number: actor.user.phoneNumber,
    });
    // The URL is the JPEG fallback; its WebP copies sit beside it (docs/decisions/006).
    expect(res.body.data.picture).toMatch(/^\/uploads\/avatars\/[0-9a-f]{24}-r\.jpg$/);

    const onDisk = readFileSync(path.join(t.ctx.config.DATA_DIR, res.body.data.picture));
    expect(onDisk.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: res.body.data.picture });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const copy = await t.app.inject({ method: 'GET', url: imageVariantUrl(res.body.data.picture, 160) });
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('image/webp');
    // Names are never reused, so browsers may keep the files for a year without asking again.
    expect(copy.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const me = await call(t, 'GET', '/api/users/me', { token: actor.token });
    expect(me.body.data.picture).toBe(res.body.data.picture);
  });

  it('keeps the old picture when no photo is sent', async () => {
    const actor = await createUser(t);
    const first = await call(t, 'POST', '/api/users/update', {
      token: actor.token,
      body: profile(actor, { base64_photos: [dataUrl(tinyPng())] }),
    });
    const second = await call(t, 'POST', '/api/users/update', {
      token: actor.token,
      body: profile(actor, { first_name: 'New' }),
    });
    expect(second.body.data.picture).toBe(first.body.data.picture);
    expect(second.body.data.first_name).toBe('New');
  });

  it('judges the photo by its bytes, not its claimed type', async () => {
    const actor = await createUser(t);
    const fake = dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/png');
    const res = await call(t, 'POST', '/api/users/update', {
      token: actor.token,
      body: profile(actor, { base64_photos: [fake] }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.base64_photos[0]).toMatch(/jpg, jpeg, png/);
  });

  it('answers 422, not 500, for a damaged photo or a decompression bomb, keeping the old picture', async () => {
    const actor = await createUser(t);
    const first = await call(t, 'POST', '/api/users/update', {
      token: actor.token,
      body: profile(actor, { base64_photos: [dataUrl(tinyPng())] }),
    });
    expect(first.status).toBe(200);
    const damaged = Buffer.concat([tinyPng().subarray(0, 33), Buffer.from('the rest of this file was lost')]);
    for (const photo of [damaged, blankPng(20_000, 20_000)]) {
      const res = await call(t, 'POST', '/api/users/update', {
        token: actor.token,
        body: profile(actor, { base64_photos: [dataUrl(photo)] }),
      });
      expect(res.status).toBe(422);
      expect(res.body.errors.base64_photos[0]).toMatch(/could not be read|megapixels/);
    }
    const me = await call(t, 'GET', '/api/users/me', { token: actor.token });
    expect(me.body.data.picture).toBe(first.body.data.picture);
  });

  it('refuses a photo over 16 megapixels from its header alone, and takes a 16 MP selfie', async () => {
    const actor = await createUser(t);
    const tooLarge = 'The photo is too large: at most 16 megapixels.';
    const refused = await call(t, 'POST', '/api/users/update', {
      token: actor.token,
      body: profile(actor, { base64_photos: [dataUrl(blankPng(6000, 4000))] }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.base64_photos).toEqual([tooLarge]);
    // The first half of a 24 MP picture (its pixels cut off): refused for its size, not as damaged, so
    // the refusal came from the header, before any pixel was decoded.
    const whole = blankPng(6000, 4000);
    const headerOnly = whole.subarray(0, Math.floor(whole.length / 2));
    const undecoded = await call(t, 'POST', '/api/users/update', {
      token: actor.token,
      body: profile(actor, { base64_photos: [dataUrl(headerOnly)] }),
    });
    expect(undecoded.body.errors.base64_photos).toEqual([tooLarge]);
    expect((await call(t, 'GET', '/api/users/me', { token: actor.token })).body.data.picture).toBeNull();

    const selfie = await call(t, 'POST', '/api/users/update', {
      token: actor.token,
      body: profile(actor, { base64_photos: [dataUrl(blankPng(4608, 3456))] }),
    });
    expect(selfie.status).toBe(200);
    expect(selfie.body.data.picture).toMatch(/^\/uploads\/avatars\//);
  });

  it('refuses photos over 2 MB', async () => {
    const actor = await createUser(t);
    const big = Buffer.concat([tinyPng(), Buffer.alloc(2 * 1024 * 1024)]);
    const res = await call(t, 'POST', '/api/users/update', {
      token: actor.token,
      body: profile(actor, { base64_photos: [dataUrl(big)] }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('base64_photos');
  });

  it("refuses another user's e-mail and bad phone numbers, changing nothing", async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const taken = await call(t, 'POST', '/api/users/update', {
      token: b.token,
      body: profile(b, { email: a.user.email.toUpperCase(), current_password: b.password }),
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email).toEqual(['The email has already been taken.']);
    const phone = await call(t, 'POST', '/api/users/update', {
      token: b.token,
      body: profile(b, { phone_number: '555' }),
    });
    expect(phone.status).toBe(422);
    expect(phone.body.errors).toHaveProperty('phone_number');
    const me = await call(t, 'GET', '/api/users/me', { token: b.token });
    expect(me.body.data.email).toBe(b.user.email);
    expect(me.body.data.first_name).toBe(b.user.firstName);
  });

  it('needs a signed-in user', async () => {
    expect((await call(t, 'POST', '/api/users/update', { body: profile(null) })).status).toBe(401);
  });
});

describe('GET /api/admin/customers', () => {
  it('is for admins only', async () => {
    const customer = await createUser(t);
    expect((await call(t, 'GET', '/api/admin/customers')).status).toBe(401);
    expect((await call(t, 'GET', '/api/admin/customers', { token: customer.token })).status).toBe(403);
  });

  it('pages and searches customers in the Laravel shape', async () => {
    const admin = await createUser(t, { role: 'admin' });
    await createUser(t, { firstName: 'Zainab', lastName: 'Bello', email: 'zainab@example.com' });
    const page = await call(t, 'GET', '/api/admin/customers', { token: admin.token, query: { per_page: 2 } });
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ current_page: 1, per_page: 2, prev_page_url: null });
    expect(page.body.data.data).toHaveLength(2);
    expect(page.body.data.last_page).toBe(Math.ceil(page.body.data.total / 2));
    expect(page.body.data.next_page_url).toBe('/api/admin/customers?per_page=2&page=2');
    expect(page.body.data.data.every((u: { role: string }) => u.role === 'customer')).toBe(true);

    const found = await call(t, 'GET', '/api/admin/customers', { token: admin.token, query: { search: 'zainab bel' } });
    expect(found.body.data.data.map((u: { email: string }) => u.email)).toEqual(['zainab@example.com']);

    const bad = await call(t, 'GET', '/api/admin/customers', { token: admin.token, query: { page: 0 } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('page');
  });

  it('finds a customer by phone however the admin types it', async () => {
    const admin = await createUser(t, { role: 'admin' });
    await createUser(t, { phoneNumber: '+2349127654321', email: 'by.phone@example.com' });
    // Shares the +234912 prefix and the 765 fragment, but is not the number searched for.
    await createUser(t, { phoneNumber: '+2349121765000', email: 'near.miss@example.com' });
    const search = async (text: string) => {
      const res = await call(t, 'GET', '/api/admin/customers', {
        token: admin.token,
        query: { search: text, per_page: 100 },
      });
      expect(res.status).toBe(200);
      return res.body.data.data.map((u: { email: string }) => u.email);
    };
    for (const typed of [
      '09127654321',
      '0912 765 4321',
      '0912-765-4321',
      '9127654321',
      '2349127654321',
      '+2349127654321',
      '+234 912 765 4321',
      '7654321',
      '0912765',
    ]) {
      expect(await search(typed), typed).toEqual(['by.phone@example.com']);
    }
    expect(await search('0912')).toEqual(['near.miss@example.com', 'by.phone@example.com']);
    expect(await search('08007654321')).toEqual([]);
    // Names and e-mails still match as before.
    expect(await search('by.phone')).toEqual(['by.phone@example.com']);
  });
});
