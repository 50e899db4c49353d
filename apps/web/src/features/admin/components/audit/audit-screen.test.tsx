import { screen, within } from '@testing-library/react';
import type { Page } from '@ruwa/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';
import type { AuditEntry } from '@ruwa/contract/replies';

const entries: AuditEntry[] = [
  {
    id: 8,
    actor_id: 1,
    actor: { name: 'Amaka Admin', email: 'amaka@ruwa.local' },
    action: 'customer.suspend',
    entity: 'users',
    entity_id: '42',
    before: { status: 'active' },
    after: { status: 'suspended', note: 'Chargeback fraud' },
    created_at: '2026-03-02T09:00:00.000Z',
  },
  {
    id: 7,
    actor_id: 1,
    actor: { name: 'Amaka Admin', email: 'amaka@ruwa.local' },
    action: 'data_bundle.update',
    entity: 'data_bundles',
    entity_id: '3',
    before: { name: 'MTN 1GB', priceKobo: 33_900, enabled: true, updatedAt: '2026-02-01T09:00:00.000Z' },
    after: { name: 'MTN 1GB', priceKobo: 34_950, enabled: false, updatedAt: '2026-03-01T09:00:00.000Z' },
    created_at: '2026-03-01T09:00:00.000Z',
  },
];

function page(rows: AuditEntry[], current = 1, last = 1): Page<AuditEntry> {
  return {
    current_page: current,
    last_page: last,
    per_page: 15,
    total: rows.length,
    prev_page_url: current > 1 ? 'prev' : null,
    next_page_url: current < last ? 'next' : null,
    data: rows,
  };
}

describe('admin audit', () => {
  it('lists the changes, filters by entity and opens the before/after view', async () => {
    signIn({ role: 'admin' });
    const { calls } = stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
      const params = new URL(url, 'http://x').searchParams;
      if (params.get('entity') === 'users') return jsonResponse(200, { message: '', data: page(entries.slice(0, 1)) });
      if (params.get('page') === '2') return jsonResponse(200, { message: '', data: page([], 2, 2) });
      return jsonResponse(200, { message: '', data: page(entries, 1, 2) });
    });
    const { user, router } = renderApp('/admin/audit');

    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(await within(table).findByText('Customer suspended')).toBeInTheDocument();
    // Who, what and which record, in words: a name and e-mail, not '#1'; 'Data bundles', not 'data_bundles'.
    const row = within(table).getByText('Data bundle changed').closest('tr')!;
    expect(within(row).getByText('Amaka Admin')).toBeInTheDocument();
    expect(within(row).getByText('amaka@ruwa.local')).toBeInTheDocument();
    expect(within(row).getByText('Data bundles')).toBeInTheDocument();

    const toggle = within(row).getByRole('button', { name: 'Show changes: Data bundle changed, Data bundles 3' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const changes = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    // Only what changed, the field in words and kobo shown as naira; book-keeping columns left out.
    const fields = within(changes)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => [...tr.children].map((cell) => cell.textContent));
    expect(fields).toEqual([
      ['Price', '₦339', '₦349.50'],
      ['Enabled', 'Yes', 'No'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('There is no data available for this table')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');

    // A new filter starts again at page 1.
    await user.selectOptions(screen.getByLabelText('Entity'), 'users');
    expect(await within(screen.getByRole('table')).findByText('Customer suspended')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).queryByText('Data bundle changed')).not.toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/admin/audit?page=1&entity=users');
    expect(router.state.location.search).toBe('?entity=users');
  });
});
