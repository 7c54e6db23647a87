// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';

/** A postcode-address service is a world we do not run: a small HTTP server stands in for it here. */
describe('address find through the HTTP provider (ADDRESS_LOOKUP_URL)', () => {
  let service: Server;
  let t: TestApp;
  const asked: string[] = [];

  beforeAll(async () => {
    service = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      asked.push(url.search);
      const postcode = url.searchParams.get('postcode');
      if (postcode === 'B1 1AA') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ addresses: [{ lines: ['7 Real Road', 'Birmingham'], postcode: 'B1 1AA' }] }),
        );
      } else if (postcode === 'B2 2BB') {
        response.writeHead(500).end();
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const { port } = service.address() as AddressInfo;
    t = await buildTestApp({ ADDRESS_LOOKUP_URL: `http://127.0.0.1:${port}/addresses` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => service.close(resolve));
  });

  const find = (postcode: string) =>
    t.app.inject({
      method: 'POST',
      url: '/progressive/address-find',
      headers: jsWeb,
      payload: { property: '7', postcode },
    });

  it('answers what the service finds, with the normalised postcode and the property sent', async () => {
    const res = await find('b11aa');
    expect(res.json()).toEqual({ addresses: [{ lines: ['7 Real Road', 'Birmingham'], postcode: 'B1 1AA' }] });
    expect(asked.at(-1)).toBe('?postcode=B1+1AA&property=7');
  });

  it("gives the spec's messages when nothing is found and when the service fails", async () => {
    const none = await find('B3 3CC');
    expect(none.json()).toEqual({
      code: 'NO_ADDRESSES',
      description: 'No addresses were found - Please check your details and try again.',
    });
    const broken = await find('B2 2BB');
    expect(broken.statusCode).toBe(502);
    expect(broken.json()).toEqual({
      code: 'SERVER_ERROR',
      description: 'Sorry, something went wrong. Please try again later',
    });
  });
});
