import { fireEvent, screen, within } from '@testing-library/react';
import type { DataBundle } from '@ruwa/contract';
import { describe, expect, it } from 'vitest';
import {
  findToast,
  jsonResponse,
  makeUser,
  renderApp,
  signIn,
  stubFetch,
  type RecordedRequest,
} from '@/testing/render-app';

const bundles: Record<string, DataBundle[]> = {
  mtn: [
    { id: 1, network: 'mtn', variation_code: 'mtn-1gb-30', name: 'MTN 1GB 30 days', price: 339, enabled: true },
    { id: 2, network: 'mtn', variation_code: 'mtn-500mb', name: 'MTN 500MB 30 days', price: 200, enabled: false },
  ],
  glo: [{ id: 11, network: 'glo', variation_code: 'glo-1gb-5n', name: 'Glo 1GB 5 nights', price: 99, enabled: true }],
};

function stubBundles() {
  signIn({ role: 'admin' });
  const saved = structuredClone(bundles);
  return stubFetch(({ url, method, body }) => {
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
    if (url.startsWith('/api/admin/data-bundles?')) {
      const network = new URL(url, 'http://x').searchParams.get('network') ?? '';
      return jsonResponse(200, { message: '', data: saved[network] ?? [] });
    }
    if (method === 'POST' && url === '/api/admin/data-bundles/update') {
      const change = body as Partial<DataBundle> & { id: number };
      const bundle = Object.values(saved)
        .flat()
        .find(({ id }) => id === change.id)!;
      Object.assign(bundle, change);
      return jsonResponse(200, { message: 'Data bundle has been updated successfully', data: bundle });
    }
    if (method === 'POST' && url === '/api/admin/data-bundles/sync') {
      const { network } = body as { network: string };
      if (network !== 'mtn')
        return jsonResponse(200, { message: 'No new bundles from the provider', data: { added: [], not_offered: [] } });
      const added: DataBundle = {
        id: 3,
        network: 'mtn',
        variation_code: 'mtn-2gb-30',
        name: 'MTN 2GB 30 days',
        price: 679,
        enabled: false,
      };
      saved.mtn = [...saved.mtn!, added];
      return jsonResponse(200, {
        message: '1 new bundle(s) added, switched off until you enable them',
        data: { added: [added], not_offered: [saved.mtn[1]] },
      });
    }
    return undefined;
  });
}

const posts = (calls: RecordedRequest[]) => calls.filter(({ method }) => method === 'POST');

describe('admin data bundles', () => {
  it('edits a price inline and sends only the id and the new price', async () => {
    const { calls } = stubBundles();
    const { user } = renderApp('/admin/data-bundles');

    const price = await screen.findByRole('textbox', { name: 'Price (₦), MTN 1GB 30 days' });
    expect(price).toHaveValue('339');
    const save = screen.getByRole('button', { name: 'Save price, MTN 1GB 30 days' });
    expect(save).toBeDisabled();

    await user.clear(price);
    await user.type(price, '0');
    await user.click(save);
    expect(await screen.findByText('The price must be greater than 0.')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '349.5{Enter}');
    await findToast('Success', 'Data bundle has been updated successfully');
    expect(posts(calls).map(({ url, body }) => [url, body])).toEqual([
      ['/api/admin/data-bundles/update', { id: 1, price: 349.5 }],
    ]);
    expect(await screen.findByRole('textbox', { name: 'Price (₦), MTN 1GB 30 days' })).toHaveValue('349.5');
    expect(screen.getByRole('button', { name: 'Save price, MTN 1GB 30 days' })).toBeDisabled();
  });

  it('sends one save for a double click on Save', async () => {
    const { calls } = stubBundles();
    const { user } = renderApp('/admin/data-bundles');

    const price = await screen.findByRole('textbox', { name: 'Price (₦), MTN 1GB 30 days' });
    await user.clear(price);
    await user.type(price, '400');
    const save = screen.getByRole('button', { name: 'Save price, MTN 1GB 30 days' });
    // Both clicks land before the screen can show the first save as running.
    fireEvent.click(save);
    fireEvent.click(save);
    await findToast('Success', 'Data bundle has been updated successfully');
    expect(posts(calls)).toHaveLength(1);
  });

  it('switches a bundle on and off, per network', async () => {
    const { calls } = stubBundles();
    const { user, router } = renderApp('/admin/data-bundles');

    const off = await screen.findByRole('switch', { name: 'MTN 500MB 30 days' });
    expect(off).not.toBeChecked();
    await user.click(off);
    await findToast('Success', 'Data bundle has been updated successfully');
    expect(posts(calls).at(-1)?.body).toEqual({ id: 2, enabled: true });
    expect(await screen.findByRole('switch', { name: 'MTN 500MB 30 days' })).toBeChecked();

    await user.click(screen.getByRole('tab', { name: 'Glo' }));
    const glo = await screen.findByRole('list', { name: 'Glo bundles' });
    expect(router.state.location.search).toBe('?network=glo');
    await user.click(within(glo).getByRole('switch', { name: 'Glo 1GB 5 nights' }));
    await screen.findByText('Off: customers do not see it', { exact: false });
    expect(posts(calls).at(-1)?.body).toEqual({ id: 11, enabled: false });

    await user.click(screen.getByRole('tab', { name: '9mobile' }));
    expect(await screen.findByText('There is no data available for this table')).toBeInTheDocument();
  });

  it('checks the provider for new bundles: they appear switched off, and ours it no longer sells are named', async () => {
    const { calls } = stubBundles();
    const { user } = renderApp('/admin/data-bundles');

    await user.click(await screen.findByRole('button', { name: 'Check MTN for new bundles' }));
    await findToast(
      'Success',
      '1 new bundle(s) added, switched off until you enable them. 1 of ours is no longer offered: MTN 500MB 30 days.',
    );
    expect(posts(calls).map(({ url, body }) => [url, body])).toEqual([
      ['/api/admin/data-bundles/sync', { network: 'mtn' }],
    ]);
    expect(await screen.findByRole('switch', { name: 'MTN 2GB 30 days' })).not.toBeChecked();

    await user.click(screen.getByRole('tab', { name: 'Glo' }));
    await user.click(await screen.findByRole('button', { name: 'Check Glo for new bundles' }));
    await findToast('Success', 'No new bundles from the provider.');
    expect(posts(calls).at(-1)?.body).toEqual({ network: 'glo' });
  });
});
