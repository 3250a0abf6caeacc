import type { $ZodError } from 'zod/v4/core';

/**
 * One line per problem, each naming the key it is about, e.g. `featured.3.file: expected string`.
 * Works for errors of both zod flavours: full zod (site.json, pipeline state) and zod/mini (the
 * manifests, which the browser parses too and where full zod would double the JavaScript).
 */
export function describeIssues(error: Pick<$ZodError, 'issues'>): string[] {
  return error.issues.flatMap((issue) => {
    // zod reports all unknown keys of an object in one issue at the object's path; name each one.
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => `${pathOf([...issue.path, key])}: unknown key`);
    return [`${pathOf(issue.path)}: ${issue.message}`];
  });
}

function pathOf(path: readonly PropertyKey[]): string {
  return path.length > 0 ? path.map(String).join('.') : '(top level)';
}
