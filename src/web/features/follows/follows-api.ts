import type { FollowKind, FollowList, FollowState } from '../../../shared/schemas/follows';
import { type ApiResult, getApiClient } from '../../lib/api-client';

export function fetchFollows(): Promise<ApiResult<FollowList>> {
  return getApiClient().get<FollowList>('/follows');
}

export function putFollow(kind: FollowKind, id: number): Promise<ApiResult<FollowState>> {
  return getApiClient().put<FollowState>(`/follows/${kind}/${id}`);
}

export function deleteFollow(kind: FollowKind, id: number): Promise<ApiResult<FollowState>> {
  return getApiClient().delete<FollowState>(`/follows/${kind}/${id}`);
}
