import type { PushPublicKey, PushSubscriptionCreated } from '../../../shared/schemas/push';
import { type ApiResult, getApiClient } from '../../lib/api-client';

export function fetchPushPublicKey(): Promise<ApiResult<PushPublicKey>> {
  return getApiClient().get<PushPublicKey>('/push/public_key');
}

/** The browser's PushSubscription JSON as it is; the same browser again answers with the same id. */
export function saveSubscription(subscription: PushSubscriptionJSON): Promise<ApiResult<PushSubscriptionCreated>> {
  return getApiClient().post<PushSubscriptionCreated>('/push/subscriptions', subscription);
}

export function deleteSubscription(id: number): Promise<ApiResult<unknown>> {
  return getApiClient().delete<unknown>(`/push/subscriptions/${id}`);
}
