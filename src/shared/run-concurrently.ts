// Runs an async task for each item with at most `limit` in flight: enough file system calls
// at once to keep the disk busy (a virtual disk here answers single calls slowly), few enough
// to bound memory. Stops at the first failure and rethrows it. (Ten lines did not justify a
// dependency.)
export async function runConcurrently<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
