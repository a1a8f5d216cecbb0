import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies documented defaults', () => {
    const config = loadConfig({});
    expect(config.NODE_ENV).toBe('development');
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.CORS_ORIGINS).toEqual([]);
  });

  it('names the variable and the reason when a value is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT must be a port number (got "70000")');
      expect(message).toContain('DATABASE_URL must be a postgres:// connection URL');
      expect(message).toContain('NODE_ENV must be development, production or test');
      return;
    }
    throw new Error('expected a ConfigError');
  });

  it('reads lists and booleans', () => {
    const config = loadConfig({
      CORS_ORIGINS: 'https://a.example, https://b.example',
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://shop.example/',
    });
    expect(config.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.publicUrl).toBe('https://shop.example');
    expect(() => loadConfig({ CORS_ORIGINS: 'not a url' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY must be true or false/);
  });

  it('reads the metrics token and the traces endpoint, both off unless set', () => {
    const off = loadConfig({});
    expect(off.METRICS_TOKEN).toBeUndefined();
    expect(off.TRACING_OTLP_URL).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(24) }).METRICS_TOKEN).toBe('a'.repeat(24));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be 24 or more/);
    expect(() => loadConfig({ METRICS_TOKEN: `${'a'.repeat(24)} b` })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ TRACING_OTLP_URL: 'http://127.0.0.1:4318/v1/traces' }).TRACING_OTLP_URL).toBe(
      'http://127.0.0.1:4318/v1/traces',
    );
    expect(() => loadConfig({ TRACING_OTLP_URL: 'collector:4318' })).toThrow(
      /TRACING_OTLP_URL must be an http/,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });
});
