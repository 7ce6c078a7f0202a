import { z } from './zod';

/** RFC 9457 problem details as Kuda sends them (DESIGN §10). */
export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.string(),
  instance: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** On 429: seconds until the request may be repeated (the same as the Retry-After header). */
  retry_after: z.number().int().positive().optional(),
  /** On a wrong SMS code (`code_invalid`): how many more codes may be tried before a new one is needed. */
  tries_left: z.number().int().nonnegative().optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;
/** The extension members a service may add to its problem (beyond the shared ones the plugin writes). */
export type ProblemExtensions = Pick<Problem, 'tries_left'>;

export function isProblem(value: unknown): value is Problem {
  return ProblemSchema.safeParse(value).success;
}
