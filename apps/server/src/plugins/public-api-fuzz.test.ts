// @databases both: hostile values reach the SQL, where the engines differ (PostgreSQL refuses a NUL byte in text and numbers past its column types, the embedded engine need not), so every refusal must come from our rules on each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsWeb, signedInMember, type TestApp } from '../test/build-test-app.ts';
import { STAFF_SESSION_COOKIE } from '../modules/staff/routes.ts';

type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** What one kind of hostile request puts where the API takes a free value. */
interface Mutation {
  name: string;
  /** In a path or query parameter (already percent-encoded). */
  parameter: string;
  /** In a body's free string field. */
  text: unknown;
  /** In a body's number field. */
  number: unknown;
  /** Whether every request carrying it must be refused (400, or 404 for a path), not only answered below 500. */
  refused: boolean;
}

const MUTATIONS: Mutation[] = [
  { name: 'a NUL byte', parameter: 'a%00b', text: 'a\u0000b', number: 1, refused: true },
  {
    name: 'an over-long value',
    parameter: 'x'.repeat(4_000),
    text: 'x'.repeat(100_000),
    number: 1e308,
    refused: false,
  },
  {
    name: 'the wrong types',
    parameter: '-1',
    text: { nested: [null] },
    number: '12345678901234567890',
    refused: false,
  },
  {
    name: 'numbers past every column',
    parameter: '99999999999999999999',
    text: '9'.repeat(40),
    number: 2 ** 63,
    refused: false,
  },
  {
    name: 'unusual text',
    parameter: encodeURIComponent("'; DROP TABLE collectors; --\u202e🙂"),
    text: "\ud800'; DROP TABLE collectors; --\u202e🙂",
    number: -1,
    refused: false,
  },
];

/** A body shaped like the schema with the mutation in every free string and number. */
const sample = (schema: Schema | undefined, mutation: Mutation, depth = 0): unknown => {
  if (!schema || depth > 6) return mutation.text;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options?.[0]) return sample(options[0], mutation, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, value]) => [
          name,
          sample(value, mutation, depth + 1),
        ]),
      );
    case 'array':
      return [sample(schema.items, mutation, depth + 1)];
    case 'integer':
    case 'number':
      return mutation.number;
    case 'boolean':
      return true;
    default:
      return schema.format === 'email' && typeof mutation.text === 'string'
        ? `${mutation.text.slice(0, 200)}@example.com`
        : mutation.text;
  }
};

/**
 * Every operation of the public API (its OpenAPI description, less the tester tools), signed in as a member of
 * its own (and the console's calls as an admin of it), with each hostile value in every path parameter, query parameter and body field: no answer is a 5xx,
 * and a NUL byte is refused outright.
 */
describe('the public API under hostile values', () => {
  let t: TestApp;
  let cookies: Record<string, string> = {};
  let operations: Array<{ method: string; path: string; operation: Operation }> = [];
  beforeAll(async () => {
    t = await buildTestApp();
    cookies = (await signedInMember(t)).cookies;
    const spec = (await t.app.inject('/openapi.json')).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    operations = Object.entries(spec.paths)
      .filter(([path]) => !path.startsWith('/dev/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
      );
  });
  afterAll(async () => t.close());
  const staffCookie = async () => {
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/dev/staff-session',
      headers: jsWeb,
      payload: { email: 'admin@example.com' },
    });
    const cookie = signedIn.cookies.find((c) => c.name === STAFF_SESSION_COOKIE);
    return { [STAFF_SESSION_COOKIE]: cookie?.value ?? '' };
  };

  it.each(MUTATIONS)('answers $name in any parameter or field without a server error', async (mutation) => {
    expect(operations.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const { method, path, operation } of operations) {
      const query = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => `${encodeURIComponent(parameter.name)}=${mutation.parameter}`)
        .join('&');
      const url = `${path.replace(/\{[^}]+\}/g, mutation.parameter)}${query ? `?${query}` : ''}`;
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      const payload = schema ? JSON.stringify(sample(schema, mutation)) : undefined;
      // The console's calls as an admin of it, signed in afresh (an earlier call may have signed out).
      const staff = path.startsWith('/staff-api/') ? await staffCookie() : {};
      const answer = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        headers: jsWeb,
        cookies: { ...cookies, ...staff },
        ...(payload ? { payload } : {}),
      });
      const where = `${method.toUpperCase()} ${path}: ${answer.statusCode} ${answer.body.slice(0, 80)}`;
      if (answer.statusCode >= 500) failures.push(where);
      else if (
        mutation.refused &&
        (url.includes(mutation.parameter) || payload?.includes('\\u0000')) &&
        answer.statusCode !== 400 &&
        answer.statusCode !== 404
      )
        failures.push(where);
    }
    expect(failures).toEqual([]);
  });
});
