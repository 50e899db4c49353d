/**
 * The SMS provider the bench's API texts, standing where Termii stands in production: in a process
 * of its own, answering `POST /api/sms/send` in Termii's shape at once and keeping only a count
 * (`GET /count`). The app's own SMS sandbox would run inside the API being measured and store every
 * text in the bench's database, charging the provider's work to the API.
 */
import http from 'node:http';

let sent = 0;

const server = http.createServer((request, response) => {
  const answer = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (request.method === 'GET' && request.url === '/api/health') return answer(200, { ok: true });
  if (request.method === 'GET' && request.url === '/count') return answer(200, { sent });
  if (request.method !== 'POST' || request.url !== '/api/sms/send') return answer(404, { message: 'Not found' });
  let raw = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (raw += chunk));
  request.on('end', () => {
    let body: { to?: unknown; sms?: unknown; api_key?: unknown };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return answer(400, { message: 'Body is not JSON' });
    }
    if (typeof body.api_key !== 'string' || !body.api_key) return answer(401, { message: 'Invalid API key' });
    if (typeof body.to !== 'string' || typeof body.sms !== 'string' || !body.sms) {
      return answer(400, { message: 'to and sms are required' });
    }
    sent += 1;
    answer(200, {
      message_id: String(1_000_000_000_000 + sent),
      message: 'Successfully Sent',
      balance: 1000,
      user: 'bench',
    });
  });
});

server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
