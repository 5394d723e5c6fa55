import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/context.ts';

const ctx = useTestApp({ seedMasterData: false, env: { DEMO_PORT: '4123' } });

describe('GET /api/client-config', () => {
  it(
    "tells the web app, without a token, on which port of the page's host the student demo is (DEMO_PORT " +
      'at run time)',
    async () => {
      const res = await ctx.api.get('/api/client-config');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ student_demo_port: 4123 });
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );

  it('answers 405 to anything but GET', async () => {
    expect((await ctx.api.post('/api/client-config').send({})).status).toBe(405);
  });
});
