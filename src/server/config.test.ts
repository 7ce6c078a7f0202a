import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicOrigin, requestOrigin } from './config';

function messageOf(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the settings to be refused');
}

describe('settings', () => {
  it('runs with no settings at all: embedded database in ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMS_PROVIDER).toBe('log');
  });

  it('treats empty values as unset (a copied .env.example works as is)', () => {
    const config = loadConfig({ DATABASE_URL: '', JWT_SECRET: '', REDIS_URL: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.JWT_SECRET).toBeUndefined();
  });

  it('lists every malformed setting in one clear message', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', JWT_SECRET: 'short' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('JWT_SECRET: must be at least 32 characters');
  });

  it('accepts the shipped .env.example exactly as it is', () => {
    const example = parseEnv(readFileSync(new URL('../../.env.example', import.meta.url), 'utf8'));
    const config = loadConfig(example);
    expect(config.PUBLIC_URL).toBeUndefined();
    expect(config.PORT).toBe(3000);
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.SMS_PROVIDER).toBe('log');
  });

  it('points the map picker at a keyless public MapLibre style unless MAP_STYLE_URL says otherwise', () => {
    expect(loadConfig({}).MAP_STYLE_URL).toBe('https://tiles.openfreemap.org/styles/liberty');
    expect(loadConfig({ MAP_STYLE_URL: '' }).MAP_STYLE_URL).toBe('https://tiles.openfreemap.org/styles/liberty');
    expect(loadConfig({ MAP_STYLE_URL: 'http://127.0.0.1:4010/style.json' }).MAP_STYLE_URL).toBe('http://127.0.0.1:4010/style.json');
    expect(messageOf({ MAP_STYLE_URL: 'tiles.example/style.json' })).toContain('MAP_STYLE_URL: must be an http(s) URL');
    expect(messageOf({ MAP_STYLE_URL: 'javascript:alert(1)' })).toContain('MAP_STYLE_URL');
  });

  it('says what format a malformed value should have', () => {
    const message = messageOf({ PORT: '70000', TRUST_PROXY: 'yes', DATABASE_URL: 'mysql://db/kuda', LOG_LEVEL: 'loud' });
    expect(message).toContain('PORT: must be at most 65535');
    expect(message).toContain('TRUST_PROXY: must be true or false');
    expect(message).toContain('DATABASE_URL: must be a PostgreSQL URL');
    expect(message).toContain('LOG_LEVEL: must be one of: fatal, error, warn, info, debug, trace, silent');
  });

  it('refuses settings that only work together when one is missing', () => {
    const message = messageOf({ SMS_PROVIDER: 'http', FACEBOOK_APP_ID: '42' });
    expect(message).toContain('SMS_HTTP_URL: is required when SMS_PROVIDER=http');
    expect(message).toContain('FACEBOOK_APP_SECRET: is required');
  });

  it('reads booleans and numbers from their usual spellings', () => {
    expect(loadConfig({ TRUST_PROXY: '1', PORT: ' 8080 ' })).toMatchObject({ TRUST_PROXY: true, PORT: 8080 });
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });
});

describe('the public origin (one for canonical URLs, sitemaps and e-mail links)', () => {
  it('is PUBLIC_URL when set, without a trailing slash, whatever the request came to', () => {
    expect(publicOrigin({ PUBLIC_URL: 'https://kuda.rs/' }, 'http://10.0.0.5:3000')).toBe('https://kuda.rs');
  });

  it('is the request’s origin without PUBLIC_URL, and this server on localhost with no request at hand', () => {
    expect(publicOrigin({}, requestOrigin({ protocol: 'https', host: 'preview.kuda.rs' }))).toBe('https://preview.kuda.rs');
    expect(publicOrigin({ PORT: 8080 })).toBe('http://localhost:8080');
  });
});
