// Runs a task over many items, `workers` at a time: enough to keep a stack busy, few enough that
// its overload guard (a standing queue answers 503) never mistakes a test for a flood.
export async function inParallel<T>(items: T[], workers: number, run: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: workers }, async () => {
    while (next < items.length) {
      const index = next++;
      await run(items[index]!, index);
    }
  }));
}
