import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { EMAIL_KINDS, type EmailKind, UNSUBSCRIBE_PATH } from '../../shared/schemas/account-settings';

const AUDIENCE = 'kuda:unsubscribe';

/**
 * The one-click unsubscribe token of every non-security e-mail (RFC 8058): an HS256 JWT naming the person
 * and the kind of e-mail, with no expiry (an old e-mail's link must still work). It is signed with a key
 * derived from the app's secret for this purpose only, so it can never pass as an access token and an
 * access token never passes as it. It can only turn one kind of e-mail off: nothing to steal from it.
 */
export class UnsubscribeTokens {
  private readonly key: Uint8Array;

  constructor(appSecret: string) {
    this.key = createHmac('sha256', appSecret).update('kuda unsubscribe token v1').digest();
  }

  sign(input: { userId: string; kind: EmailKind }): Promise<string> {
    return new SignJWT({ knd: input.kind })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(input.userId)
      .setAudience(AUDIENCE)
      .sign(this.key);
  }

  /** The person and kind a token names, or null when it is forged, malformed or names an unknown kind. */
  async verify(token: string): Promise<{ userId: string; kind: EmailKind } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], audience: AUDIENCE });
      const kind = EMAIL_KINDS.find((candidate) => candidate === payload.knd);
      return payload.sub && kind ? { userId: payload.sub, kind } : null;
    } catch {
      return null;
    }
  }

  /** The link in the e-mail (a page with a button, in the reader's language) and the one-click POST target. */
  async links(publicUrl: string, input: { userId: string; kind: EmailKind; locale: string }): Promise<{ page: string; oneClick: string }> {
    const token = await this.sign(input);
    const origin = publicUrl.replace(/\/$/, '');
    return { page: `${origin}/${input.locale}${UNSUBSCRIBE_PATH}?token=${token}`, oneClick: `${origin}${UNSUBSCRIBE_PATH}?token=${token}` };
  }
}
