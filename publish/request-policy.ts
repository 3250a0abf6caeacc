/**
 * How long a request may take and how it is tried again: every wait bounded, so a publish on a
 * connection that stops answering ends in well under a minute with the live site whole (the
 * plan's order), and the next run finishes the job.
 *
 * A request is tried again after a timeout, a lost connection, or an answer that says "later"
 * (5xx, 429, SlowDown, S3's RequestTimeout, BadDigest: a body damaged on the way), after a
 * pause that doubles each time with full jitter (so eight uploads refused together do not come
 * back together). No new attempt starts once `retryWindowMs` has passed since the first, and
 * an attempt started late gets only what is left of it (at least a third of `idleMs`) to go
 * quiet: a stalled upload ends after about `retryWindowMs`, while one that keeps moving, however
 * slowly, is never cut.
 */
export interface RequestPolicy {
  connectMs: number;
  idleMs: number;
  retryWindowMs: number;
  attempts: number;
  backoffMs: number;
  backoffCapMs: number;
}

const DEFAULT_IDLE_MS = 30_000;
const DEFAULT_CONNECT_MS = 10_000;

/** The policy, with its timeouts from the environment (PUBLISH_REQUEST_TIMEOUT_MS, PUBLISH_CONNECT_TIMEOUT_MS) when set: a test of a stall waits a second, not half a minute. */
export function requestPolicyOf(env: NodeJS.ProcessEnv = process.env): RequestPolicy {
  const idleMs = positive(env.PUBLISH_REQUEST_TIMEOUT_MS) ?? DEFAULT_IDLE_MS;
  const connectMs = positive(env.PUBLISH_CONNECT_TIMEOUT_MS) ?? Math.min(DEFAULT_CONNECT_MS, idleMs);
  return { connectMs, idleMs, retryWindowMs: Math.round((idleMs * 4) / 3), attempts: 4, backoffMs: Math.min(250, idleMs / 8), backoffCapMs: Math.min(4_000, idleMs / 4) };
}

const positive = (text: string | undefined): number | undefined => {
  const n = Number(text);
  return text && Number.isFinite(n) && n > 0 ? n : undefined;
};

/** Connection failures worth another attempt: lost, reset, timed out, or a network that is not there yet. */
const RETRIED_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EAI_AGAIN', 'CONNECT_TIMEOUT', 'IDLE_TIMEOUT', 'UND_ERR_SOCKET']);
const RETRIED_ERRORS = new Set(['SlowDown', 'RequestTimeout', 'InternalError', 'ServiceUnavailable', 'BadDigest']);

export const isRetriedCode = (code: string): boolean => RETRIED_CODES.has(code);
export const isRetriedAnswer = (status: number, code: string | undefined): boolean => status >= 500 || status === 429 || (code !== undefined && RETRIED_ERRORS.has(code));

/** The pause before attempt `next` (1 for the first retry): full jitter over a doubling ceiling. */
export const backoffOf = (next: number, policy: RequestPolicy, random: () => number = Math.random): number => random() * Math.min(policy.backoffCapMs, policy.backoffMs * 2 ** (next - 1));

/**
 * Whether attempt `next` may start `elapsedMs` after the first did, and how long it may then
 * stay silent; undefined when it may not.
 */
export function nextAttempt(next: number, elapsedMs: number, policy: RequestPolicy): { idleMs: number } | undefined {
  if (next >= policy.attempts || elapsedMs >= policy.retryWindowMs) return undefined;
  return { idleMs: Math.round(Math.min(policy.idleMs, Math.max(policy.retryWindowMs - elapsedMs, policy.idleMs / 3))) };
}
