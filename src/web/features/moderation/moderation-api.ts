import type {
  AdminApplication,
  AdminApplicationList,
  AdminOrganizer,
  AdminOrganizerList,
  ApplicationDecision,
  ApplicationInput,
  ApplicationStatus,
  EventNote,
  ModerationDecision,
  NoteThread,
  OrganizerApplication,
  ReviewEvent,
  ReviewList,
} from '../../../shared/schemas/admin-moderation';
import { type ApiResult, getApiClient } from '../../lib/api-client';

/** Every call of the moderation section: applications, organizers' trust, event review and the note thread. */

export const fetchMyApplications = (): Promise<ApiResult<{ items: OrganizerApplication[] }>> => getApiClient().get('/organizer/applications/mine');
export const sendApplication = (body: ApplicationInput): Promise<ApiResult<OrganizerApplication>> => getApiClient().post('/organizer/applications', body);
export const resendApplication = (id: number, body: ApplicationInput): Promise<ApiResult<OrganizerApplication>> =>
  getApiClient().patch(`/organizer/applications/${id}`, body);

export const fetchApplications = (status: ApplicationStatus, cursor?: string): Promise<ApiResult<AdminApplicationList>> =>
  getApiClient().get('/admin/organizer-applications', { query: { status, cursor } });
export const decideApplication = (id: number, body: ApplicationDecision): Promise<ApiResult<AdminApplication>> =>
  getApiClient().post(`/admin/organizer-applications/${id}/decision`, body);

export const fetchOrganizers = (q?: string, cursor?: string): Promise<ApiResult<AdminOrganizerList>> =>
  getApiClient().get('/admin/organizers', { query: { q: q || undefined, cursor } });
export const setOrganizerTrusted = (id: number, trusted: boolean): Promise<ApiResult<AdminOrganizer>> => getApiClient().patch(`/admin/organizers/${id}`, { trusted });

export const fetchReviewQueue = (cursor?: string): Promise<ApiResult<ReviewList>> => getApiClient().get('/admin/events', { query: { status: 'pending_review', cursor } });
export const fetchReviewEvent = (id: number): Promise<ApiResult<ReviewEvent>> => getApiClient().get(`/admin/events/${id}`);
export const moderateEvent = (id: number, body: ModerationDecision): Promise<ApiResult<ReviewEvent>> => getApiClient().post(`/admin/events/${id}/moderation`, body);
export const postAdminNote = (id: number, body: string): Promise<ApiResult<EventNote>> => getApiClient().post(`/admin/events/${id}/notes`, { body });

export const fetchOrganizerNotes = (id: number): Promise<ApiResult<NoteThread>> => getApiClient().get(`/organizer/events/${id}/notes`);
export const postOrganizerNote = (id: number, body: string): Promise<ApiResult<EventNote>> => getApiClient().post(`/organizer/events/${id}/notes`, { body });
