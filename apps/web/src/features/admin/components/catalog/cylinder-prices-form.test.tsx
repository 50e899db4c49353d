import { screen, within } from '@testing-library/react';
import { GAS_CYLINDER_SIZES_KG } from '@ruwa/contract';
import { describe, expect, it } from 'vitest';
import { demoCategories, demoLocations, makeGasProduct, pageOf } from '@/testing/catalog-fixtures';
import {
  deferred,
  findToast,
  jsonResponse,
  makeUser,
  renderApp,
  signIn,
  stubFetch,
  type RecordedRequest,
} from '@/testing/render-app';
import { CYLINDERS_SAVED } from './cylinder-prices-form';

const gas = makeGasProduct({
  locations: [
    { location_id: 1, name: 'Lekki', product_location_price: 1250 },
    { location_id: 2, name: 'Ikeja', product_location_price: null },
  ],
  cylinders: [
    { location_id: 1, size_kg: 12.5, refill_price: 15500, new_price: 42000 },
    { location_id: 2, size_kg: 6, refill_price: 7200, new_price: null },
  ],
});

type Handler = (request: RecordedRequest) => Response | Promise<Response> | undefined;

function stubAdmin(update: Handler) {
  signIn({ role: 'admin' });
  return stubFetch((request) => {
    const { url } = request;
    if (url === '/api/products/update') return update(request);
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
    if (url.startsWith('/api/product/category/index')) {
      return jsonResponse(200, { message: '', data: pageOf(demoCategories) });
    }
    if (url.startsWith('/api/location/index')) return jsonResponse(200, { message: '', data: pageOf(demoLocations) });
    return undefined;
  });
}

async function openForm() {
  const { user } = renderApp({ pathname: '/admin/products/update', search: '?id=11', state: { product: gas } });
  const form = await screen.findByRole('form', { name: 'Cylinder sizes' });
  const field = (label: string) => within(form).getByLabelText(label);
  const save = () => user.click(within(form).getByRole('button', { name: 'Save cylinder sizes' }));
  return { user, form, field, save };
}

const updates = (calls: RecordedRequest[]) => calls.filter(({ url }) => url === '/api/products/update');

describe('cylinder prices form', () => {
  it('shows each row’s sizes and prices, suggests the usual sizes, and saves them as products/update takes them', async () => {
    const answer = deferred<Response>();
    const { calls } = stubAdmin(() => answer.promise);
    const { user, form, field } = await openForm();

    expect(field('Cylinder location 1')).toHaveValue('1');
    expect(field('Size 1 (kg)')).toHaveValue('12.5');
    expect(field('Refill price 1 (₦)')).toHaveValue('15500');
    expect(field('New cylinder price 1 (₦)')).toHaveValue('42000');
    expect(field('Cylinder location 2')).toHaveValue('2');
    expect(field('New cylinder price 2 (₦)')).toHaveValue('');
    expect(field('New cylinder price 2 (₦)')).toHaveAttribute('placeholder', 'Refills only');
    expect(field('Size 2 (kg)')).toHaveAttribute('list', 'cylinder-sizes');
    const suggested = form.querySelectorAll<HTMLOptionElement>('datalist#cylinder-sizes option');
    expect(Array.from(suggested, (option) => option.value)).toEqual(GAS_CYLINDER_SIZES_KG.map(String));

    await user.clear(field('Refill price 2 (₦)'));
    await user.type(field('Refill price 2 (₦)'), '7,500');
    await user.type(field('New cylinder price 2 (₦)'), '21000');
    const saveButton = within(form).getByRole('button', { name: 'Save cylinder sizes' });
    await user.click(saveButton);
    // A second click while the first save is on its way sends nothing more.
    await user.click(saveButton);
    expect(updates(calls)).toHaveLength(1);
    expect(updates(calls)[0]!.body).toEqual({
      id: 11,
      cylinders: [
        { location_id: 1, size_kg: 12.5, refill_price: 15500, new_price: 42000 },
        { location_id: 2, size_kg: 6, refill_price: 7500, new_price: 21000 },
      ],
    });

    answer.resolve(jsonResponse(200, { message: '', data: gas }));
    await findToast('Action Successful', CYLINDERS_SAVED);
    expect(updates(calls)).toHaveLength(1);
  });

  it('checks every row with the contract, shows each mistake at its field and sends nothing', async () => {
    const { calls } = stubAdmin(() => jsonResponse(200, { message: '', data: gas }));
    const { user, form, field, save } = await openForm();

    await user.clear(field('Size 2 (kg)'));
    await user.type(field('Size 2 (kg)'), '0');
    await user.click(within(form).getByRole('button', { name: 'Add size' }));
    await save();

    expect(await within(form).findByRole('alert')).toHaveTextContent('Check the cylinder rows marked below.');
    expect(field('Size 2 (kg)')).toHaveAccessibleDescription('The cylinder size must be between 0 and 100 kg.');
    expect(field('Cylinder location 3')).toHaveAccessibleDescription('The location field is required.');
    expect(field('Refill price 3 (₦)')).toHaveAccessibleDescription('The refill price must be a number.');
    expect(field('Size 1 (kg)')).not.toHaveAccessibleDescription();
    expect(field('New cylinder price 3 (₦)')).not.toHaveAccessibleDescription();
    expect(updates(calls)).toHaveLength(0);
  });

  it('puts the server’s cylinders.1.refill_price message on row 2', async () => {
    const message = 'The refill price may not be greater than 10,000,000.';
    stubAdmin(() => jsonResponse(422, { message, errors: { 'cylinders.1.refill_price': [message] } }));
    const { form, field, save } = await openForm();

    await save();

    await findToast('Error!', message);
    expect(field('Refill price 2 (₦)')).toHaveAccessibleDescription(message);
    expect(field('Refill price 1 (₦)')).not.toHaveAccessibleDescription();
    expect(within(form).getByRole('alert')).toHaveTextContent(message);
  });

  it('adds a row with the usual 12.5 kg size, and removes rows with what they held', async () => {
    const { calls } = stubAdmin(() => jsonResponse(200, { message: '', data: gas }));
    const { user, form, field, save } = await openForm();

    await user.click(within(form).getByRole('button', { name: 'Add size' }));
    expect(field('Cylinder location 3')).toHaveValue('');
    expect(field('Size 3 (kg)')).toHaveValue('12.5');
    expect(field('Refill price 3 (₦)')).toHaveValue('');
    await user.selectOptions(field('Cylinder location 3'), 'Ikeja');
    await user.type(field('Refill price 3 (₦)'), '15000');

    await user.click(within(form).getByRole('button', { name: 'Remove size 1' }));
    // The rows below move up and are numbered again.
    expect(within(form).queryByLabelText('Cylinder location 3')).not.toBeInTheDocument();
    expect(field('Size 1 (kg)')).toHaveValue('6');
    expect(field('Cylinder location 2')).toHaveValue('2');
    expect(field('Refill price 2 (₦)')).toHaveValue('15000');

    await save();
    await findToast('Action Successful', CYLINDERS_SAVED);
    expect(updates(calls)[0]!.body).toEqual({
      id: 11,
      cylinders: [
        { location_id: 2, size_kg: 6, refill_price: 7200, new_price: null },
        { location_id: 2, size_kg: 12.5, refill_price: 15000, new_price: null },
      ],
    });
  });
});
