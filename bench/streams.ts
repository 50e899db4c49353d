import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { Fixture } from './fixture';
import { fmt, quick, request, sleep, table } from './harness';

/** One open `GET /api/events` stream, noting when each order's event arrived. */
type Stream = { req: http.ClientRequest; arrivals: Map<number, number> };

/** Opens a stream on its own connection and resolves once the server has said `: connected`. */
function openStream(apiUrl: string, token: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const arrivals = new Map<number, number>();
    let buffer = '';
    let connected = false;
    const req = http.get(
      `${apiUrl}/api/events`,
      { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`GET /api/events answered ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const now = performance.now();
          buffer += chunk;
          if (!connected && buffer.includes(': connected')) {
            connected = true;
            resolve({ req, arrivals });
          }
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!frame.includes('event: order.updated')) continue;
            const data = frame.split('\n').find((line) => line.startsWith('data: '));
            if (data) arrivals.set((JSON.parse(data.slice(6)) as { id: number }).id, now);
          }
        });
      },
    );
    req.on('error', reject);
  });
}

/** The server process's resident memory, in MB (Linux). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? NaN) / 1024;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * Live events at scale: one API instance holding `total` open streams (`perCustomer` per customer),
 * its memory at each thousand, then the delay from a status change to its event on every stream of
 * that customer. The change is a wallet-paid order (new, paid); the delay is measured from the
 * moment the request is sent, so it includes the order's own handling: an upper bound.
 */
export async function liveEventStreams(
  apiUrl: string,
  apiPid: number,
  fixture: Fixture,
  options: { total: number; changes: number; perSecond: number },
) {
  const perCustomer = Math.ceil(options.total / fixture.customers.length);
  const owners = fixture.customers.flatMap((customer) => Array.from({ length: perCustomer }, () => customer));
  const wanted = owners.slice(0, options.total);
  await sleep(1000);
  const memory: [number, number][] = [[0, rssMb(apiPid)]];
  const streams = new Map<number, Stream[]>();
  const opened: Stream[] = [];
  const BATCH = 100;
  for (let i = 0; i < wanted.length; i += BATCH) {
    const batch = wanted.slice(i, i + BATCH);
    const made = await Promise.all(batch.map((customer) => openStream(apiUrl, customer.token)));
    made.forEach((stream, k) => {
      const id = batch[k]!.id;
      streams.set(id, [...(streams.get(id) ?? []), stream]);
      opened.push(stream);
    });
    if (opened.length % 1000 === 0) {
      await sleep(1000);
      memory.push([opened.length, rssMb(apiPid)]);
    }
  }

  // Status changes, paced, each by a customer holding `perCustomer` streams.
  const sentAt = new Map<number, { at: number; customer: number }>();
  const productId = fixture.waterProductIds[1]!;
  let failed = 0;
  for (let n = 0; n < options.changes; n++) {
    const customer = fixture.customers[n % fixture.customers.length]!;
    const at = performance.now();
    const res = await request(`${apiUrl}/api/product-order/store`, {
      method: 'POST',
      token: customer.token,
      body: {
        product_id: productId,
        location_id: fixture.locationId,
        quantity: 1,
        recipient_address: '12 Admiralty Way, Lekki',
        payment_method: 'wallet',
      },
    });
    if (res.status !== 201) failed += 1;
    else sentAt.set((res.body as { data: { id: number } }).data.id, { at, customer: customer.id });
    await sleep(1000 / options.perSecond);
  }
  await sleep(3000);

  const delays: number[] = [];
  let missing = 0;
  for (const [orderId, { at, customer }] of sentAt) {
    for (const stream of streams.get(customer) ?? []) {
      const arrived = stream.arrivals.get(orderId);
      if (arrived === undefined) missing += 1;
      else delays.push(arrived - at);
    }
  }
  delays.sort((a, b) => a - b);
  const [, before] = memory[0]!;
  const [most, after] = memory.at(-1)!;
  const perThousand = ((after - before) / most) * 1000;
  const p99 = percentile(delays, 0.99);

  console.log(
    `\n#### Live event streams (GET /api/events): ${opened.length} open on one instance, ${sentAt.size} status changes\n`,
  );
  console.log(
    table(
      ['streams open', 'API memory (RSS, MB)'],
      memory.map(([count, mb]) => [String(count), fmt(mb, 0)]),
    ),
  );
  console.log(`\nMemory per 1,000 streams: ${fmt(perThousand, 1)} MB.\n`);
  console.log(
    table(
      ['events expected', 'received', 'missing', 'p50 ms', 'p99 ms', 'max ms', 'failed changes'],
      [
        [
          String(delays.length + missing),
          String(delays.length),
          String(missing),
          fmt(percentile(delays, 0.5), 0),
          fmt(p99, 0),
          fmt(delays.at(-1) ?? NaN, 0),
          String(failed),
        ],
      ],
    ),
  );
  // A lost event or a refused change fails any run; the latency target is judged in full runs only.
  const sound = missing === 0 && failed === 0;
  const met = p99 < 1000 && sound;
  console.log(
    `\nTarget: p99 from status change to event under 1 s at this load, none lost: ${quick ? `not judged in a quick run (${sound ? 'none lost, none refused' : 'events LOST or changes REFUSED'})` : met ? 'met' : 'NOT met'}.`,
  );
  opened.forEach((stream) => stream.req.destroy());
  if (!sound || (!quick && !met)) process.exitCode = 1;
}
