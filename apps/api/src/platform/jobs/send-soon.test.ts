import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendSoon, type JobQueue } from './queue';

function recordingQueue() {
  const sent: number[] = [];
  const queue = {
    send: async () => void sent.push(Date.now()),
  } as unknown as JobQueue;
  return { queue, sent };
}

describe('sendSoon', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('sends the first request at once and folds those inside the window into one send at its end', async () => {
    const { queue, sent } = recordingQueue();
    const fail = vi.fn();
    sendSoon(queue, 'orders.codes', fail);
    await vi.advanceTimersByTimeAsync(100);
    sendSoon(queue, 'orders.codes', fail);
    await vi.advanceTimersByTimeAsync(100);
    sendSoon(queue, 'orders.codes', fail);
    expect(sent).toEqual([0]);
    await vi.advanceTimersByTimeAsync(800);
    // The requests at 100 and 200 ms are followed by a send that starts after them.
    expect(sent).toEqual([0, 1000]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toEqual([0, 1000]);
    // After a quiet window, the next request is sent at once again.
    sendSoon(queue, 'orders.codes', fail);
    expect(sent).toEqual([0, 1000, 6000]);
    expect(fail).not.toHaveBeenCalled();
  });

  it('keeps each job name and each queue apart, and hands a failed send to onError', async () => {
    const first = recordingQueue();
    const second = recordingQueue();
    const fail = vi.fn();
    sendSoon(first.queue, 'a', fail);
    sendSoon(first.queue, 'b', fail);
    sendSoon(second.queue, 'a', fail);
    expect([first.sent.length, second.sent.length]).toEqual([2, 1]);

    const broken = { send: () => Promise.reject(new Error('queue down')) } as unknown as JobQueue;
    sendSoon(broken, 'a', fail);
    await vi.advanceTimersByTimeAsync(0);
    expect(fail).toHaveBeenCalledWith(expect.objectContaining({ message: 'queue down' }));
  });
});
