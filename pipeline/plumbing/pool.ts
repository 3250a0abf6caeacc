/**
 * Runs `work` on every item with at most `limit` in flight. Workers pull the next
 * index, so nothing is queued ahead: memory stays bounded by `limit`, whatever the
 * number of items.
 */
export async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
