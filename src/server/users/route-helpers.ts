import type { FastifyRequest } from 'fastify';
import type { Locale } from '../../shared/locales';
import { ProblemSchema } from '../../shared/schemas/problem';

export const TAGS = ['users'];

export const problems = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ProblemSchema]));

/** The language a request names explicitly (none → undefined, so a stored choice is not overwritten). */
export function explicitLocale(request: FastifyRequest): Locale | undefined {
  return request.localeNamed ? request.locale : undefined;
}
