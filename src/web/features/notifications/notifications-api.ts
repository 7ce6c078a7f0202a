import type { NotificationAction, NotificationList } from '../../../shared/schemas/reservations';
import { type ApiResult, getApiClient } from '../../lib/api-client';

export const NOTIFICATIONS_PAGE_SIZE = 10;

export function fetchNotifications(): Promise<ApiResult<NotificationList>> {
  return getApiClient().get<NotificationList>('/notifications', { query: { limit: NOTIFICATIONS_PAGE_SIZE } });
}

/** Marks the given notifications read, or every one of the user's when `ids` is absent. */
export function markNotificationsRead(ids?: number[]): Promise<ApiResult<{ unread_count: number }>> {
  return getApiClient().post<{ unread_count: number }>('/notifications/read', ids ? { ids } : {});
}

/** A one-tap action ("I'm coming", "Cancel"): the server names the path, relative to the API base. */
export function runNotificationAction(action: NotificationAction): Promise<ApiResult<unknown>> {
  return getApiClient().post<unknown>(action.path);
}
