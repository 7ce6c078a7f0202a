import { describe, expect, it } from 'vitest';
import { parseCityCookie, serializeCityCookie } from './city-cookie';

describe('the remembered city cookie', () => {
  it('reads a city slug among other cookies and ignores anything that is not one', () => {
    expect(parseCityCookie('kuda_consent=accepted; kuda_city=novi-sad')).toBe('novi-sad');
    expect(parseCityCookie('kuda_city=beograd; other=1')).toBe('beograd');
    expect(parseCityCookie('kuda_city=Novi%20Sad')).toBeNull();
    expect(parseCityCookie('xkuda_city=beograd')).toBeNull();
    expect(parseCityCookie('kuda_city=')).toBeNull();
    expect(parseCityCookie(undefined)).toBeNull();
  });

  it('remembers a city for a year and forgets it for all cities', () => {
    expect(serializeCityCookie('novi-sad', { secure: true })).toBe('kuda_city=novi-sad; Max-Age=31536000; Path=/; SameSite=Lax; Secure');
    expect(serializeCityCookie(null, { secure: false })).toBe('kuda_city=; Max-Age=0; Path=/; SameSite=Lax');
  });
});
