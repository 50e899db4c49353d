import { describe, expect, it } from 'vitest';
import type { Database } from './client';
import { KeptUntilChanged } from './kept-until-changed';

/** A database whose only ability is to listen; `announce()` plays a notification on the channel. */
function listeningDatabase() {
  const heard = { announce: () => {} };
  const database = {
    listen: async (_channel: string, onNotify: (payload: string) => void) => {
      heard.announce = () => onNotify('users');
      return async () => {};
    },
  } as unknown as Database;
  return { database, heard };
}

describe('KeptUntilChanged', () => {
  it('keeps what it read until a notification, and nothing read while this instance is changing it', async () => {
    const { database, heard } = listeningDatabase();
    const memory = new KeptUntilChanged<{ n: number }>('test_channel', 10);
    await memory.start(database);
    let loads = 0;
    const read = () => memory.read('a', async () => ({ n: ++loads }));

    expect(await read()).toEqual({ n: 1 });
    expect(await read()).toEqual({ n: 1 });
    heard.announce();
    expect(await read()).toEqual({ n: 2 });

    // A change on its way: forgotten at once, and what is read meanwhile is not kept.
    memory.forgetWhileChanging(60_000);
    expect(await read()).toEqual({ n: 3 });
    expect(await read()).toEqual({ n: 4 });
    await memory.stop();
  });

  it('reads again a kept value that is no longer fresh', async () => {
    const { database } = listeningDatabase();
    let now = 0;
    const memory = new KeptUntilChanged<{ n: number; until: number }>('test_channel', 10, (v) => v.until > now);
    await memory.start(database);
    let loads = 0;
    const read = () => memory.read('a', async () => ({ n: ++loads, until: 100 }));
    expect((await read())?.n).toBe(1);
    now = 99;
    expect((await read())?.n).toBe(1);
    now = 100;
    expect((await read())?.n).toBe(2);
    await memory.stop();
  });

  it('starts again rather than grow past its size', async () => {
    const { database } = listeningDatabase();
    const memory = new KeptUntilChanged<{ key: string }>('test_channel', 2);
    await memory.start(database);
    let loads = 0;
    const read = (key: string) =>
      memory.read(key, async () => {
        loads += 1;
        return { key };
      });
    await read('a');
    await read('b');
    await read('a');
    expect(loads).toBe(2);
    await read('c'); // full: forgets a and b, keeps c
    await read('a');
    expect(loads).toBe(4);
    await memory.stop();
  });
});
