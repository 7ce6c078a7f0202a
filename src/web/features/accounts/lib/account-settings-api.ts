import type {
  ChangeEmailInput,
  ChangePasswordInput,
  ConfirmEmailInput,
  EmailChanged,
  EmailChangeRequested,
  NotificationSettings,
  SessionList,
  Unsubscribed,
  UpdateNotificationSettings,
} from '../../../../shared/schemas/account-settings';
import { UNSUBSCRIBE_PATH } from '../../../../shared/schemas/account-settings';
import type { Problem } from '../../../../shared/schemas/problem';
import { type ApiResult, getApiClient } from '../../../lib/api-client';

/** The account basics and notification settings calls (issue #12), one function each. */

const client = () => getApiClient();

export const changePassword = (body: ChangePasswordInput) => client().post<{ status: 'password_changed' }>('/users/change_password', body);
export const changeEmail = (body: ChangeEmailInput) => client().post<EmailChangeRequested>('/users/change_email', body);
export const confirmEmail = (body: ConfirmEmailInput) => client().post<EmailChanged>('/users/confirm_email', body);
export const listSessions = () => client().get<SessionList>('/users/sessions');
export const revokeSession = (id: string) => client().delete<null>(`/users/sessions/${encodeURIComponent(id)}`);
export const getNotificationSettings = () => client().get<NotificationSettings>('/users/notification_settings');
export const updateNotificationSettings = (body: UpdateNotificationSettings) => client().post<NotificationSettings>('/users/notification_settings', body);
export const resetCalendarUrl = () => client().post<{ calendar_url: string }>('/users/reset_calendar_url', {});

/**
 * The unsubscribe button: the same one-click POST a mail client sends (outside /api/v1, no token: the
 * signed token in the link is the proof), in the page's language for a problem's text.
 */
export async function unsubscribe(token: string, locale: string): Promise<ApiResult<Unsubscribed>> {
  try {
    const response = await fetch(`${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'accept-language': locale },
    });
    const body: unknown = await response.json();
    return response.ok ? { ok: true, status: response.status, data: body as Unsubscribed } : { ok: false, status: response.status, problem: body as Problem };
  } catch {
    return { ok: false, status: 0, problem: { type: 'about:blank', title: 'Network error', status: 0, detail: 'Network error', code: 'network' } };
  }
}
