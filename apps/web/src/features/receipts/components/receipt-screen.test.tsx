import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Receipt } from '@ruwa/contract';
import { jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

function makeReceipt(overrides: Partial<Receipt> = {}): Receipt {
  return {
    reference: 'ORD-41',
    kind: 'order',
    title: 'Water order',
    created_at: '2026-01-15T12:02:00.000Z',
    date_time: '15 Jan 2026, 1:02 pm',
    status: 'delivered',
    status_label: 'Delivered',
    amount: 1200,
    fee: 500,
    payment_method: 'wallet',
    direction: null,
    lines: [
      { label: 'Product', value: 'Pure Sachet Water' },
      { label: 'Quantity', value: '2' },
      { label: 'Delivery fee', value: '₦500' },
      { label: 'Paid with', value: 'Wallet' },
    ],
    purchase_reference: null,
    ...overrides,
  };
}

function stubApi(receipt: Receipt | null) {
  return stubFetch(({ url }) => {
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
    if (url === '/api/notifications/unread-count') return jsonResponse(200, { message: '', data: { count: 0 } });
    if (url.startsWith('/api/receipts/show'))
      return receipt
        ? jsonResponse(200, { message: '', data: receipt })
        : jsonResponse(404, { message: 'Receipt not found' });
    if (url.startsWith('/api/receipts/image'))
      return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'Content-Type': 'image/png' } });
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'canShare');
});

describe('receipt screen', () => {
  it('shows the receipt and, without Web Share, shares through a wa.me link', async () => {
    const { calls } = stubApi(makeReceipt());
    signIn();
    renderApp('/receipts/ORD-41');
    expect(await screen.findByRole('heading', { name: 'Water order' })).toBeInTheDocument();
    const details = screen.getByLabelText('Receipt details');
    expect(details).toHaveTextContent('ReferenceORD-41');
    expect(details).toHaveTextContent('15 Jan 2026, 1:02 pm');
    expect(details).toHaveTextContent('Pure Sachet Water');
    expect(screen.getByText('Delivered')).toBeInTheDocument();
    expect(screen.getByText('₦1,200')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/receipts/show?reference=ORD-41')).toBe(true);

    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    const whatsapp = screen.getByRole('link', { name: 'Share on WhatsApp' });
    const href = new URL(whatsapp.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/');
    expect(href.searchParams.get('text')).toMatch(
      /^Ruwa receipt ORD-41: Water order, ₦1,200, Delivered\. 15 Jan 2026, 1:02 pm\. http.*\/receipts\/ORD-41$/,
    );
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  });

  it('shares the picture through the phone’s share sheet where it takes files', async () => {
    const { calls } = stubApi(
      makeReceipt({ reference: 'TX_ABC_0123456789AB', kind: 'deposit', title: 'Card deposit', direction: 'credit' }),
    );
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    Object.defineProperty(navigator, 'canShare', { value: () => true, configurable: true });
    signIn();
    const { user } = renderApp('/receipts/TX_ABC_0123456789AB');
    expect(await screen.findByText('+₦1,200')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Share on WhatsApp' })).not.toBeInTheDocument();
    // The picture is fetched ahead, so the share starts within the tap.
    const shareButton = screen.getByRole('button', { name: 'Share' });
    await waitFor(() => expect(shareButton).toBeEnabled());
    expect(calls.some((call) => call.url === '/api/receipts/image?reference=TX_ABC_0123456789AB')).toBe(true);
    await user.click(shareButton);
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    const [shared] = share.mock.calls[0] as unknown as [ShareData];
    expect(shared.files?.[0]?.name).toBe('ruwa-receipt-TX_ABC_0123456789AB.png');
  });

  it('says when the receipt is not the customer’s or does not exist', async () => {
    stubApi(null);
    signIn();
    renderApp('/receipts/ORD-999');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'We could not find this receipt' })).toBeInTheDocument();
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
