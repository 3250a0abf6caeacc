import { describe, expect, it } from 'vitest';
import { backoffOf, isRetriedAnswer, isRetriedCode, nextAttempt, requestPolicyOf } from './request-policy.ts';

describe('how long a request may take and how it is tried again', () => {
  it('defaults to a 30 s idle timeout and a 40 s retry window; the environment may shorten them', () => {
    expect(requestPolicyOf({})).toMatchObject({ idleMs: 30_000, connectMs: 10_000, retryWindowMs: 40_000, attempts: 4 });
    expect(requestPolicyOf({ PUBLISH_REQUEST_TIMEOUT_MS: '1500' })).toMatchObject({ idleMs: 1500, connectMs: 1500, retryWindowMs: 2000 });
    expect(requestPolicyOf({ PUBLISH_REQUEST_TIMEOUT_MS: 'soon' }).idleMs).toBe(30_000);
  });

  it('ends a stalled request within the window: a late attempt gets only what is left of it', () => {
    const policy = requestPolicyOf({});
    expect(nextAttempt(1, 30_100, policy)).toEqual({ idleMs: 10_000 });
    expect(nextAttempt(2, 40_200, policy)).toBeUndefined();
    expect(nextAttempt(4, 1_000, policy)).toBeUndefined();
    expect(nextAttempt(1, 100, policy)).toEqual({ idleMs: 30_000 });
  });

  it('waits a jittered, doubling, capped pause', () => {
    const policy = requestPolicyOf({});
    expect([1, 2, 3, 6].map((n) => backoffOf(n, policy, () => 1))).toEqual([250, 500, 1000, 4000]);
    expect(backoffOf(3, policy, () => 0)).toBe(0);
  });

  it('tries again after timeouts, lost connections and busy answers, never after a refusal', () => {
    expect(['IDLE_TIMEOUT', 'CONNECT_TIMEOUT', 'ECONNRESET', 'EPIPE'].every(isRetriedCode)).toBe(true);
    expect(isRetriedCode('ENOTFOUND')).toBe(false);
    expect([isRetriedAnswer(503, 'SlowDown'), isRetriedAnswer(429, undefined), isRetriedAnswer(500, 'InternalError'), isRetriedAnswer(400, 'RequestTimeout'), isRetriedAnswer(400, 'BadDigest')]).toEqual([true, true, true, true, true]);
    expect([isRetriedAnswer(403, 'SignatureDoesNotMatch'), isRetriedAnswer(404, 'NoSuchBucket')]).toEqual([false, false]);
  });
});
