import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

describe('settings', () => {
  it(
    'defaults: port 3001 on every interface, tokens checked by the API on this machine at PORT, app pages ' +
      'on PORT',
    () => {
      const config = loadConfig({});
      expect(config.port).toBe(3001);
      expect(config.host).toBeUndefined();
      expect(config.auth).toEqual({ apiUrl: 'http://127.0.0.1:3000', cacheMs: 2000 });
      expect(config.origins).toEqual({ appPort: 3000, extra: [] });
      expect(config.https).toBe(false);
      expect(loadConfig({ PUBLIC_URL: 'https://exams.example.ac.in' }).https).toBe(true);
    },
  );

  it('follows PORT at run time, and takes DEMO_HOST, API_URL and extra origins', () => {
    const config = loadConfig({
      PORT: '8080',
      DEMO_HOST: '127.0.0.1',
      DEMO_CORS_ORIGINS: 'https://exams.example.ac.in/, http://localhost:5173',
      DEMO_AUTH_CACHE_MS: '0',
    });
    expect(config.host).toBe('127.0.0.1');
    expect(config.auth).toEqual({ apiUrl: 'http://127.0.0.1:8080', cacheMs: 0 });
    expect(config.origins).toEqual({
      appPort: 8080,
      extra: ['https://exams.example.ac.in', 'http://localhost:5173'],
    });
    expect(loadConfig({ API_URL: 'http://app:3000/' }).auth.apiUrl).toBe('http://app:3000');
  });

  it('names a wrong setting', () => {
    expect(() => loadConfig({ API_URL: 'app:3000' })).toThrow(/^Invalid setting API_URL/);
    expect(() => loadConfig({ DEMO_CORS_ORIGINS: 'exams.example.ac.in' })).toThrow(
      /^Invalid setting DEMO_CORS_ORIGINS/,
    );
    expect(() => loadConfig({ DEMO_AUTH_CACHE_MS: '600000' })).toThrow(/^Invalid setting DEMO_AUTH_CACHE_MS/);
  });
});
