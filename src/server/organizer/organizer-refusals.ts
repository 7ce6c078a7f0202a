import { ProblemSchema } from '../../shared/schemas/problem';

/**
 * What every organizer workspace route may refuse with, decided once by organizer-access.ts and the shared
 * schemas: 400 input, 401 no signed-in user, 403 no member or a role without the capability, 404 another
 * organizer's (or no) event, venue, image or member. Routes add their own (409, 413, 415, 422) beside it.
 */
export const ORGANIZER_REFUSALS = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema } as const;
