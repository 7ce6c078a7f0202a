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
});
export type Problem = z.infer<typeof ProblemSchema>;

export function isProblem(value: unknown): value is Problem {
  return ProblemSchema.safeParse(value).success;
}
