import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SavedAddress } from '@ruwa/contract';
import { demoLocations, pageOf } from '@/testing/catalog-fixtures';
import { findToast, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

function makeAddress(overrides: Partial<SavedAddress> = {}): SavedAddress {
  return {
    id: 1,
    label: 'Home',
    address: '12 Admiralty Way, Lekki',
    landmark: 'Opposite the church',
    location_id: 1,
    location_name: 'Lekki',
    is_default: true,
    last_used_at: null,
    created_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A small in-memory addresses API: list, store, update (one default), delete. */
function stubAddresses(initial: SavedAddress[], { failList = false } = {}) {
  let rows = [...initial];
  let nextId = 10;
  const nameOf = (id: number) => demoLocations.find((l) => l.id === id)?.name ?? '';
  return stubFetch(({ method, url, body }) => {
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
    if (url.startsWith('/api/location/index')) return jsonResponse(200, { message: '', data: pageOf(demoLocations) });
    if (url === '/api/addresses/me')
      return failList
        ? jsonResponse(500, { message: 'Something went wrong.' })
        : jsonResponse(200, { message: '', data: rows });
    const input = body as Partial<SavedAddress> & { id?: number };
    if (method === 'POST' && url === '/api/addresses/store') {
      if (input.label === 'Taken')
        return jsonResponse(422, { message: 'x', errors: { label: ['That label is taken.'] } });
      const created = makeAddress({
        ...input,
        id: nextId++,
        location_name: nameOf(Number(input.location_id)),
        is_default: Boolean(input.is_default) || rows.length === 0,
      });
      if (created.is_default) rows = rows.map((r) => ({ ...r, is_default: false }));
      rows = [...rows, created];
      return jsonResponse(201, { message: 'The address has been saved', data: created });
    }
    if (method === 'POST' && url === '/api/addresses/update') {
      if (input.is_default) rows = rows.map((r) => ({ ...r, is_default: false }));
      rows = rows.map((r) =>
        r.id === input.id ? { ...r, ...input, location_name: nameOf(Number(input.location_id ?? r.location_id)) } : r,
      );
      return jsonResponse(200, { message: 'The address has been updated', data: rows.find((r) => r.id === input.id) });
    }
    if (method === 'POST' && url === '/api/addresses/delete') {
      rows = rows.filter((r) => r.id !== input.id);
      return jsonResponse(200, { message: 'The address has been deleted', data: null });
    }
    return undefined;
  });
}

const card = (label: string) => screen.getByRole('article', { name: label });

describe('saved addresses', () => {
  it('is linked from the profile and lists each address with its landmark, location and default badge', async () => {
    signIn();
    stubAddresses([
      makeAddress(),
      makeAddress({
        id: 2,
        label: 'Office',
        address: '3 Akin Adesola St, VI',
        landmark: '',
        location_id: 2,
        location_name: 'Ikeja',
        is_default: false,
      }),
    ]);
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('link', { name: 'Saved addresses' }, { timeout: 10_000 }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Saved addresses' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Saved addresses' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const home = card('Home');
    expect(within(home).getByText('Default')).toBeInTheDocument();
    expect(within(home).getByText('Landmark').nextElementSibling).toHaveTextContent('Opposite the church');
    expect(within(home).getByText('Location').nextElementSibling).toHaveTextContent('Lekki');
    expect(within(home).queryByRole('button', { name: 'Make Home the default' })).not.toBeInTheDocument();
    const office = card('Office');
    expect(within(office).queryByText('Default')).not.toBeInTheDocument();
    expect(within(office).queryByText('Landmark')).not.toBeInTheDocument();
  });

  it('adds an address, checked first by the API’s rules, then showing the server’s field errors', async () => {
    signIn();
    const { calls } = stubAddresses([]);
    const { user } = renderApp('/profile/addresses');
    expect(await screen.findByText('No saved addresses yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'Add an address' });
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText('Give the address a label, e.g. Home or Office.')).toBeInTheDocument();
    expect(within(form).getByText('The address must be at least 5 characters.')).toBeInTheDocument();
    expect(within(form).getByText('The location field is required.')).toBeInTheDocument();
    expect(calls.some(({ url }) => url === '/api/addresses/store')).toBe(false);

    await user.type(within(form).getByLabelText('Label'), 'Taken');
    await user.type(within(form).getByLabelText('Address'), '14 Glover Road, Ikoyi');
    await user.type(within(form).getByLabelText('Landmark (optional)'), 'Blue gate');
    await within(form).findByRole('option', { name: 'Yaba' });
    await user.selectOptions(within(form).getByLabelText('Location'), 'Yaba');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText('That label is taken.')).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Label'));
    await user.type(within(form).getByLabelText('Label'), 'Mum');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await findToast('Success', 'The address has been saved');
    expect(calls.filter(({ url }) => url === '/api/addresses/store').at(-1)?.body).toEqual({
      label: 'Mum',
      address: '14 Glover Road, Ikoyi',
      landmark: 'Blue gate',
      location_id: 3,
      is_default: false,
    });
    const mum = await screen.findByRole('article', { name: 'Mum' });
    expect(within(mum).getByText('Location').nextElementSibling).toHaveTextContent('Yaba');
    expect(within(mum).getByText('Default')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('edits an address in place and makes another the default', async () => {
    signIn();
    const { calls } = stubAddresses([makeAddress(), makeAddress({ id: 2, label: 'Office', is_default: false })]);
    const { user } = renderApp('/profile/addresses');

    await user.click(
      await within(await screen.findByRole('article', { name: 'Office' })).findByRole('button', {
        name: 'Edit Office',
      }),
    );
    const form = screen.getByRole('form', { name: 'Edit Office' });
    expect(within(form).getByLabelText('Label')).toHaveValue('Office');
    await user.clear(within(form).getByLabelText('Address'));
    await user.type(within(form).getByLabelText('Address'), '3 Akin Adesola Street, VI');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await findToast('Success', 'The address has been updated');
    expect(calls.find(({ url }) => url === '/api/addresses/update')?.body).toMatchObject({
      id: 2,
      label: 'Office',
      address: '3 Akin Adesola Street, VI',
    });
    expect(await screen.findByText('3 Akin Adesola Street, VI')).toBeInTheDocument();

    await user.click(within(card('Office')).getByRole('button', { name: 'Make Office the default' }));
    await findToast('Success', 'Office is now your default address');
    expect(calls.filter(({ url }) => url === '/api/addresses/update').at(-1)?.body).toEqual({
      id: 2,
      is_default: true,
    });
    await waitFor(() => expect(within(card('Office')).getByText('Default')).toBeInTheDocument());
    expect(within(card('Home')).queryByText('Default')).not.toBeInTheDocument();
  });

  it('deletes only after confirming', async () => {
    signIn();
    const { calls } = stubAddresses([makeAddress()]);
    const { user } = renderApp('/profile/addresses');

    await user.click(await screen.findByRole('button', { name: 'Delete Home' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Home?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some(({ url }) => url === '/api/addresses/delete')).toBe(false);
    expect(card('Home')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Home' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete Home?' })).getByRole('button', {
        name: 'Delete address',
      }),
    );
    await findToast('Success', 'The address has been deleted');
    expect(calls.find(({ url }) => url === '/api/addresses/delete')?.body).toEqual({ id: 1 });
    expect(await screen.findByText('No saved addresses yet.')).toBeInTheDocument();
  });

  it('says when the addresses could not be loaded, with a way to try again', async () => {
    signIn();
    stubAddresses([], { failList: true });
    renderApp('/profile/addresses');
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('Your addresses could not be loaded.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
