/** Turning a zod error into the API's `errors: {field: [messages]}` answer (SPEC §7, §8). */
import type { z } from 'zod';

/** Each field's messages in issue order; issues about the whole body go under "_". */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
