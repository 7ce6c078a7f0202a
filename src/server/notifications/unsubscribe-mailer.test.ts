import { describe, expect, it } from 'vitest';
import { TokenSigner } from '../auth/tokens';
import { mailDocument } from './mail-layout';
import type { Mailer, MailMessage } from './mailer';
import { UnsubscribingMailer } from './unsubscribe-mailer';
import { UnsubscribeTokens } from './unsubscribe-tokens';

const SECRET = 'unit-test-secret-unit-test-secret-0123456789';
const USER = '6b2f0d0e-5a43-4f7e-9d55-0f1d3c1b2a10';

function capture(): { mailer: Mailer; sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { sent, mailer: { send: async (message) => void sent.push(message) } };
}

describe('UnsubscribingMailer', () => {
  const tokens = new UnsubscribeTokens(SECRET);

  it('adds the RFC 8058 headers and a footer link to an e-mail of a kind, in its language', async () => {
    const { mailer, sent } = capture();
    const message = { to: 'a@example.com', subject: 'S', text: 'Body', html: mailDocument('en', '<p>Body</p>'), kind: 'reminders', userId: USER, locale: 'en' } as const;
    await new UnsubscribingMailer(mailer, tokens, 'https://kuda.example/').send(message);
    const [out] = sent;
    const oneClick = out!.headers!['List-Unsubscribe']!.match(/^<https:\/\/kuda\.example\/unsubscribe\?token=([^>]+)>$/);
    expect(out!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await tokens.verify(oneClick![1]!)).toEqual({ userId: USER, kind: 'reminders' });
    expect(out!.text).toContain(`Unsubscribe: https://kuda.example/en/unsubscribe?token=${oneClick![1]}`);
    expect(out!.html).toMatch(/<a href="https:\/\/kuda\.example\/en\/unsubscribe\?token=[^"]+">Unsubscribe<\/a><\/p><\/body><\/html>$/);
  });

  it('passes a security e-mail (no kind) through unchanged', async () => {
    const { mailer, sent } = capture();
    const message = { to: 'a@example.com', subject: 'Password changed', text: 'Body' };
    await new UnsubscribingMailer(mailer, tokens, 'https://kuda.example').send(message);
    expect(sent).toEqual([message]);
  });
});

describe('UnsubscribeTokens', () => {
  it('refuses a token signed with another key, a malformed one and an access-token-like one', async () => {
    const token = await new UnsubscribeTokens('some-other-secret-0123456789-0123456789').sign({ userId: USER, kind: 'digest' });
    const tokens = new UnsubscribeTokens(SECRET);
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify('not-a-token')).toBeNull();
    // The app's own access token, signed with the very same secret, is no unsubscribe token.
    const access = await new TokenSigner(SECRET).signAccess({ sub: USER, kind: 'user', fam: USER }, Math.floor(Date.now() / 1000));
    expect(await tokens.verify(access)).toBeNull();
    expect(await tokens.verify(await tokens.sign({ userId: USER, kind: 'digest' }))).toEqual({ userId: USER, kind: 'digest' });
  });
});
