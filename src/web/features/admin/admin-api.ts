import type { AdminDashboard, AuditPage } from '../../../shared/schemas/admin-audit';
import type { AdminUserDetail, AdminUserPage, UserRole } from '../../../shared/schemas/admin-users';
import { type ApiResult, getApiClient } from '../../lib/api-client';

/** The admin back office's calls for the dashboard, users and the audit log (paths relative to /api/v1). */

export function fetchDashboard(): Promise<ApiResult<AdminDashboard>> {
  return getApiClient().get<AdminDashboard>('/admin/dashboard');
}

/** What needs an admin now (applications to decide, events to review, reported targets): the drawer's badge. */
export function attentionTotal(counts: AdminDashboard): number {
  return counts.applications + counts.review + counts.reports;
}

export function searchUsers(q: string, cursor?: string): Promise<ApiResult<AdminUserPage>> {
  return getApiClient().get<AdminUserPage>('/admin/users', { query: { q: q || undefined, cursor } });
}

export function fetchUser(id: string): Promise<ApiResult<AdminUserDetail>> {
  return getApiClient().get<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}`);
}

export function suspendUser(id: string, reason: string): Promise<ApiResult<AdminUserDetail>> {
  return getApiClient().post<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}/suspend`, { reason });
}

export function unsuspendUser(id: string): Promise<ApiResult<AdminUserDetail>> {
  return getApiClient().post<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}/unsuspend`, {});
}

export function changeUserRole(id: string, role: UserRole): Promise<ApiResult<AdminUserDetail>> {
  return getApiClient().patch<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}`, { role });
}

export interface AuditFilters {
  actor?: string;
  target_type?: string;
  target_id?: string;
}

export function fetchAuditLog(filters: AuditFilters, cursor?: string): Promise<ApiResult<AuditPage>> {
  return getApiClient().get<AuditPage>('/admin/audit-log', { query: { ...filters, cursor } });
}
