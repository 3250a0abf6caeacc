/**
 * What a caught value says, for a report: anything may be thrown, and an Error's message is
 * not the whole of it. Pure, so the ingest, the build and the browser read errors alike.
 */

/** The whole message of an Error, or the thrown value as text. */
export function fullMessageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The first line of an error's message, for a one-line problem report. */
export function messageOf(error: unknown): string {
  return fullMessageOf(error).split('\n')[0]!.trim();
}

/** The stack where there is one (where the code failed matters: an unexpected error), else the whole message. */
export function stackOf(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * The system's or undici's name for a failed fetch's connection (`ECONNREFUSED`, `ENOTFOUND`,
 * `UND_ERR_SOCKET`…), which fetch keeps in the error's cause; undefined for any other failure.
 */
export function connectionCodeOf(error: unknown): string | undefined {
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}
