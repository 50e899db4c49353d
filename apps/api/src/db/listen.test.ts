import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { connectPostgres, sharedListen } from './client';

/** A stand-in for one LISTEN connection per call: remembers its handlers and whether it was stopped. */
function fakeConnections() {
  const opened: { channel: string; notify: (payload: string) => void; reconnect: () => void; stopped: boolean }[] = [];
  const listen = vi.fn(async (channel: string, onNotify: (payload: string) => void, onReconnect?: () => void) => {
    const connection = { channel, notify: onNotify, reconnect: () => onReconnect?.(), stopped: false };
    opened.push(connection);
    return async () => {
      connection.stopped = true;
    };
  });
  return { opened, listen };
}

describe('sharedListen', () => {
  it('opens one connection per channel and hands every notification and reconnect to each listener', async () => {
    const { opened, listen } = fakeConnections();
    const shared = sharedListen(listen);
    const [streams, alerts, other] = [
      { notify: vi.fn(), reconnect: vi.fn() },
      { notify: vi.fn(), reconnect: vi.fn() },
      { notify: vi.fn() },
    ];
    const stopStreams = await shared('events', streams.notify, streams.reconnect);
    const stopAlerts = await shared('events', alerts.notify, alerts.reconnect);
    await shared('elsewhere', other.notify);
    expect(opened.map((connection) => connection.channel)).toEqual(['events', 'elsewhere']);

    opened[0]!.notify('1,2');
    opened[0]!.reconnect();
    expect(streams.notify).toHaveBeenCalledWith('1,2');
    expect(alerts.notify).toHaveBeenCalledWith('1,2');
    expect([streams.reconnect, alerts.reconnect].map((f) => f.mock.calls.length)).toEqual([1, 1]);
    expect(other.notify).not.toHaveBeenCalled();

    // The connection stays while anyone listens, and closes with the last one.
    await stopStreams();
    await stopStreams();
    opened[0]!.notify('3');
    expect(streams.notify).toHaveBeenCalledTimes(1);
    expect(alerts.notify).toHaveBeenLastCalledWith('3');
    expect(opened[0]!.stopped).toBe(false);
    await stopAlerts();
    expect(opened[0]!.stopped).toBe(true);

    // Listening again opens a new connection.
    await shared('events', vi.fn());
    expect(listen).toHaveBeenCalledTimes(3);
    expect(opened[2]!.channel).toBe('events');
  });

  it('forgets a connection that could not open, so the next listener tries again', async () => {
    const listen = vi
      .fn<Parameters<typeof sharedListen>[0]>()
      .mockRejectedValueOnce(new Error('connection refused'))
      .mockResolvedValue(async () => undefined);
    const shared = sharedListen(listen);
    await expect(shared('events', vi.fn())).rejects.toThrow('connection refused');
    await expect(shared('events', vi.fn())).resolves.toBeTypeOf('function');
    expect(listen).toHaveBeenCalledTimes(2);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('listening on PostgreSQL', () => {
  it('holds one LISTEN connection for two listeners of a channel, and none once both stop', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const channel = `test_${randomBytes(6).toString('hex')}`;
    const database = connectPostgres(url, { max: 2 });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const listening = async () => {
      const { rows } = await admin.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where query = $1 and pid <> pg_backend_pid()`,
        [`listen "${channel}"`],
      );
      return rows[0]!.n;
    };
    try {
      const first: string[] = [];
      const second: string[] = [];
      const stopFirst = await database.listen(channel, (payload) => first.push(payload));
      const stopSecond = await database.listen(channel, (payload) => second.push(payload));
      expect(await listening()).toBe(1);

      await admin.query('select pg_notify($1, $2)', [channel, 'a']);
      await vi.waitFor(() => expect([first, second]).toEqual([['a'], ['a']]));

      await stopFirst();
      await admin.query('select pg_notify($1, $2)', [channel, 'b']);
      await vi.waitFor(() => expect(second).toEqual(['a', 'b']));
      expect(first).toEqual(['a']);
      expect(await listening()).toBe(1);

      await stopSecond();
      await vi.waitFor(async () => expect(await listening()).toBe(0));
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
