import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './clipboard';
import { notifyError, notifySuccess } from './notify';

vi.mock('./notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const writeText = vi.fn<(text: string) => Promise<void>>();
// The test DOM has no clipboard of its own until a user-event session installs one.
Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

afterEach(() => vi.clearAllMocks());

describe('copyText', () => {
  it('copies, says so when asked to, and answers true', async () => {
    writeText.mockResolvedValue(undefined);
    expect(await copyText('RUWA123', { copied: 'Referral code copied', what: 'code' })).toBe(true);
    expect(writeText).toHaveBeenCalledWith('RUWA123');
    expect(notifySuccess).toHaveBeenCalledWith('Referral code copied');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('leaves the success to the screen when it shows it itself', async () => {
    writeText.mockResolvedValue(undefined);
    expect(await copyText('0123456789', { what: 'account number' })).toBe(true);
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('tells the customer to copy it by hand when the browser refuses, and answers false', async () => {
    writeText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    expect(await copyText('0123456789', { what: 'account number' })).toBe(false);
    expect(notifyError).toHaveBeenCalledWith('The account number could not be copied. Select it and copy it yourself.');
    expect(notifySuccess).not.toHaveBeenCalled();
  });
});
