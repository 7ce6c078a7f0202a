import type { OrganizerRole } from '../../../shared/schemas/organizer-workspace';
import type { ActivitySchema, MemberInputSchema, MemberSchema } from '../../../shared/schemas/organizer-team';
import type { z } from '../../../shared/schemas/zod';
import { type ApiResult, getApiClient } from '../../lib/api-client';

export type Member = z.infer<typeof MemberSchema>;
export type Activity = z.infer<typeof ActivitySchema>;
export type MemberInput = z.output<typeof MemberInputSchema>;
export interface ActivityPage {
  items: Activity[];
  next_cursor: string | null;
}

export function fetchMembers(): Promise<ApiResult<{ items: Member[] }>> {
  return getApiClient().get<{ items: Member[] }>('/organizer/members');
}

export function inviteMember(input: MemberInput): Promise<ApiResult<Member>> {
  return getApiClient().post<Member>('/organizer/members', input);
}

export function changeMemberRole(id: string, role: OrganizerRole): Promise<ApiResult<Member>> {
  return getApiClient().patch<Member>(`/organizer/members/${encodeURIComponent(id)}`, { role });
}

export function removeMember(id: string): Promise<ApiResult<null>> {
  return getApiClient().delete<null>(`/organizer/members/${encodeURIComponent(id)}`);
}

export function fetchActivity(cursor?: string): Promise<ApiResult<ActivityPage>> {
  return getApiClient().get<ActivityPage>('/organizer/activity', { query: { cursor } });
}
