import { ugandaTinSchema } from '@shop/contract/vat';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { encodableSerializerCompiler, oneWayPart } from './encodable-schema';

function appAnswering(response: z.ZodType, value: unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(encodableSerializerCompiler);
  app.get('/thing', { schema: { response: { 200: response } } }, async () => value);
  return app;
}

describe('response schemas that cannot be encoded', () => {
  it('finds a .transform() or z.preprocess wherever it sits, and names its path', () => {
    const trimmed = z.string().transform((value) => value.trim());
    expect(oneWayPart(z.object({ a: z.object({ b: trimmed }) }))).toBe('a.b');
    expect(oneWayPart(z.object({ list: z.array(z.object({ c: trimmed.nullable() })) }))).toBe('list[].c');
    expect(oneWayPart(z.object({ u: z.union([z.number(), trimmed]) }))).toBe('u');
    expect(oneWayPart(z.object({ p: z.preprocess((value) => value, z.string()) }))).toBe('p');
    expect(oneWayPart(z.record(z.string(), trimmed.optional()))).toBe('{}');
  });

  it('accepts .trim(), .overwrite() and codecs, which run both ways', () => {
    expect(oneWayPart(z.object({ a: z.string().trim(), tin: ugandaTinSchema.nullable() }))).toBeNull();
    const codec = z.codec(z.boolean().nullish(), z.boolean(), {
      decode: (value) => value ?? false,
      encode: (value) => value,
    });
    expect(oneWayPart(z.object({ flag: codec }))).toBeNull();
    type Tree = { name: string; children: Tree[] };
    const tree: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(tree) }));
    expect(oneWayPart(tree)).toBeNull();
  });

  it('refuses to start an app whose answer has a .transform() (it would answer 500)', async () => {
    const app = appAnswering(z.object({ tin: z.string().transform((value) => value) }), { tin: '1' });
    await expect(app.ready()).rejects.toThrow(/GET \/thing \(200\): the response schema's tin is a one-way/);
  });

  it('answers a saved TIN through the contract’s schema', async () => {
    const app = appAnswering(z.object({ tin: ugandaTinSchema.nullable() }), { tin: '1000123456' });
    const response = await app.inject({ method: 'GET', url: '/thing' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ tin: '1000123456' });
    await app.close();
  });
});
