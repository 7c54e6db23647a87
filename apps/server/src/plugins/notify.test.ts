// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, jsWeb, type TestApp } from '../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('outbox', () => {
  it('keeps messages and lists them newest first with their links', async () => {
    await t.app.notify.send({
      channel: 'email',
      to: 'a@example.com',
      subject: 'Verify your email',
      text: 'Open http://localhost:3000/verify?token=abc to continue.',
      html: '<a href="http://localhost:3000/verify?token=abc">Verify</a>',
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.app.notify.send({
      channel: 'sms',
      to: '+447700900123',
      subject: 'Your code',
      text: 'Your code is 123456',
    });

    const res = await t.app.inject('/dev/outbox');
    expect(res.statusCode).toBe(200);
    const entries = res.json<Array<Record<string, unknown>>>();
    expect(entries.map((e) => e.channel)).toEqual(['sms', 'email']);
    expect(entries[1]).toMatchObject({
      to: 'a@example.com',
      subject: 'Verify your email',
      links: ['http://localhost:3000/verify?token=abc'],
      html: expect.stringContaining('<a href="http://localhost:3000/verify?token=abc">Verify</a>'),
    });
    // In the brand's look (ADR 028): its name on a band of its colour, and the careline.
    expect(entries[1]?.html).toContain('background:#7f0442');
    expect(entries[1]?.html).toContain('>Nectar</td>');
    expect(entries[1]?.html).toContain('Need help? Call 0300 061 7000');
    expect(entries[0]).toMatchObject({
      to: '+447700900123',
      text: 'Your code is 123456',
      html: null,
      links: [],
    });
  });

  it('shows the outbox as a page to a browser', async () => {
    const res = await t.app.inject({ url: '/dev/outbox', headers: { accept: 'text/html' } });
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<h1>Outbox</h1>');
    expect(res.body).toContain('Verify your email');
  });

  it('does not exist in production', async () => {
    const prod = await buildTestApp({ NODE_ENV: 'production', BOT_CHECK: 'altcha' });
    try {
      const res = await prod.app.inject('/dev/outbox');
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

/**
 * An SMTP relay on a local port, the world we do not run: it refuses the first `refuse` connections with 421,
 * holds each greeting until `hold` resolves, and keeps the messages it accepts.
 */
async function fakeSmtpRelay({ refuse = 0, hold = Promise.resolve() } = {}) {
  const received: string[] = [];
  let connections = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    connections += 1;
    if (connections <= refuse) {
      socket.end('421 try again later\r\n');
      return;
    }
    let data: string | undefined;
    let buffered = '';
    void hold.then(() => socket.write('220 relay ready\r\n'));
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      let end: number;
      while ((end = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (data !== undefined) {
          if (line === '.') {
            received.push(data);
            data = undefined;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 relay\r\n');
        else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

const resetRequest = (app: TestApp['app']) =>
  app.inject({
    method: 'POST',
    url: '/customer-management-api/credentials/password/reset',
    headers: jsWeb,
    payload: { email: 'demo@example.com' },
  });

describe('email through SMTP, sent by the send-notification job', () => {
  it('answers a request that sends mail without waiting for the relay, then delivers it', async () => {
    let release = () => undefined as void;
    const relay = await fakeSmtpRelay({ hold: new Promise<void>((resolve) => (release = resolve)) });
    const smtp = await buildTestApp({ SMTP_URL: relay.url });
    try {
      // The relay has not even greeted yet: the answer cannot have waited for it.
      const res = await resetRequest(smtp.app);
      expect(res.statusCode).toBe(200);
      expect(relay.received).toHaveLength(0);
      release();
      await vi.waitFor(() => expect(relay.received).toHaveLength(1), { timeout: 10_000, interval: 50 });
      expect(relay.received[0]).toContain('demo@example.com');
    } finally {
      release();
      await smtp.close();
      await relay.close();
    }
  });

  it('retries an email whose first send fails, and sends it', async () => {
    const relay = await fakeSmtpRelay({ refuse: 1 });
    const smtp = await buildTestApp({ SMTP_URL: relay.url });
    try {
      expect((await resetRequest(smtp.app)).statusCode).toBe(200);
      // The first try is refused (421); the retry, 2 s later, is taken.
      await vi.waitFor(() => expect(relay.received).toHaveLength(1), { timeout: 15_000, interval: 100 });
      expect(relay.connections()).toBeGreaterThanOrEqual(2);
      expect(relay.received[0]).toContain('demo@example.com');
    } finally {
      await smtp.close();
      await relay.close();
    }
  }, 20_000);
});
