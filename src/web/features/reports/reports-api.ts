import type { CreateReport, ReportQueue, ReportResolution, ReportStatus, ResolveReport } from '../../../shared/schemas/reports';
import { type ApiResult, getApiClient } from '../../lib/api-client';

export function sendReport(body: CreateReport): Promise<ApiResult<{ id: number }>> {
  return getApiClient().post<{ id: number }>('/reports', body);
}

export function fetchReportQueue(status: ReportStatus, cursor?: string): Promise<ApiResult<ReportQueue>> {
  return getApiClient().get<ReportQueue>('/admin/reports', { query: { status, cursor } });
}

export function resolveReport(id: number, body: ResolveReport): Promise<ApiResult<ReportResolution>> {
  return getApiClient().post<ReportResolution>(`/admin/reports/${id}/resolve`, body);
}
