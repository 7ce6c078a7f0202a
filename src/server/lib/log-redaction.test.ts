import { describe, expect, it } from 'vitest';
import { redactUrl, serializeLoggedRequest } from './log-redaction';

describe('redactUrl', () => {
  it('drops the secret of capability URLs and keeps the rest', () => {
    expect(redactUrl('/sr/confirm-email?token=abc.DEF-123')).toBe('/sr/confirm-email?token=[redacted]');
    expect(redactUrl('/unsubscribe?lang=sr&token=eyJ.x.y&x=1')).toBe('/unsubscribe?lang=sr&token=[redacted]&x=1');
    expect(redactUrl('/calendar/me/s3cr3t_value.ics')).toBe('/calendar/me/[redacted]');
    expect(redactUrl('/api/v1/events?limit=5')).toBe('/api/v1/events?limit=5');
  });

  it('is what the request serializer logs', () => {
    expect(serializeLoggedRequest({ method: 'POST', url: '/unsubscribe?token=secret', hostname: 'kuda.test', ip: '10.0.0.1' })).toEqual({
      method: 'POST',
      url: '/unsubscribe?token=[redacted]',
      host: 'kuda.test',
      remoteAddress: '10.0.0.1',
      remotePort: undefined,
    });
  });
});
