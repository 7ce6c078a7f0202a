import { ProblemSchema } from '../../shared/schemas/problem';

/**
 * What every `/admin` route may refuse with: 400 input, 401 no bearer, 403 `admin_required` (the scope's one
 * hook), 404 nothing by that id. Routes add their own (409) beside it.
 */
export const ADMIN_REFUSALS = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema } as const;
