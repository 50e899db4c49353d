import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notifyError, notifySuccess } from '@/lib/notify';
import { findToast, jsonResponse, renderApp, stubFetch } from '@/testing/render-app';

describe('toasts', () => {
  it('show one at a time, errors styled as errors, away from the page title', async () => {
    stubFetch(() => jsonResponse(200, { message: '', data: {} }));
    renderApp('/auth/login');
    await screen.findByRole('heading', { level: 1 });

    notifySuccess('Saved');
    await findToast('Success', 'Saved');
    notifyError('The first problem');
    notifyError('The second problem');
    const toast = await findToast('Error!', 'The second problem');

    await waitFor(() => {
      const shown = Array.from(document.querySelectorAll<HTMLElement>('[data-sonner-toast]')).filter(
        (element) => element.dataset.removed !== 'true',
      );
      expect(shown).toHaveLength(1);
    });
    expect(toast).toHaveAttribute('data-type', 'error');
    expect(toast).toHaveAttribute('data-rich-colors', 'true');
    expect(toast.querySelector('[data-icon]')).not.toBeNull();
    expect(toast).toHaveAttribute('data-y-position', 'bottom');
  });
});
