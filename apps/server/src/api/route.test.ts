import { z } from '@vitrin/shared/zod';
import Fastify from 'fastify';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { apiRoutes } from './route.ts';

const form = z.object({
  name: z.string().trim().min(1, 'Adı girin'),
  count: z.coerce.number().int().default(1),
});

async function appWith(checkedByDomain: boolean) {
  const app = Fastify();
  const route = apiRoutes(app);
  if (checkedByDomain) {
    route({
      method: 'POST',
      url: '/api/front/raw',
      summary: 'The body as sent',
      tag: 'Mağaza: genel',
      body: form,
      checkedByDomain: true,
      responses: { 200: { description: 'The body' } },
      handler: async (request) => {
        expectTypeOf(request.body).toBeUnknown();
        return { body: request.body };
      },
    });
  } else {
    route({
      method: 'POST',
      url: '/api/front/parsed',
      summary: 'The body as parsed',
      tag: 'Mağaza: genel',
      body: form,
      responses: { 200: { description: 'The body' } },
      handler: async (request) => {
        expectTypeOf(request.body).toEqualTypeOf<{ name: string; count: number }>();
        return { body: request.body };
      },
    });
  }
  await app.ready();
  return app;
}

describe('a route body', () => {
  it('reaches the handler parsed by its schema: text trimmed, numbers read, defaults applied, unknown keys dropped', async () => {
    const app = await appWith(false);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/front/parsed',
      payload: { name: '  Ada ', x: 1 },
    });
    expect(sent.json()).toEqual({ body: { name: 'Ada', count: 1 } });
    const counted = await app.inject({
      method: 'POST',
      url: '/api/front/parsed',
      payload: { name: 'Ada', count: '3' },
    });
    expect(counted.json()).toEqual({ body: { name: 'Ada', count: 3 } });
    await app.close();
  });

  it('is refused with 400 GECERSIZ_ISTEK before the handler when the schema refuses it, an array as an empty form', async () => {
    const app = await appWith(false);
    for (const payload of [{ name: '  ' }, []]) {
      const res = await app.inject({ method: 'POST', url: '/api/front/parsed', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'GECERSIZ_ISTEK' });
    }
    await app.close();
  });

  it('reaches the handler as sent where the domain checks it', async () => {
    const app = await appWith(true);
    const res = await app.inject({
      method: 'POST',
      url: '/api/front/raw',
      payload: { name: '  Ada ', x: 1 },
    });
    expect(res.json()).toEqual({ body: { name: '  Ada ', x: 1 } });
    await app.close();
  });
});
