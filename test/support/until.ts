/**
 * Waits for a condition the code under test will make true, polling briefly; fails with `what`
 * when it has not after `ms`. For tests on real servers and real time; code that takes a clock
 * is tested with a fake one instead.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what = 'a condition that never came',
  ms = 10_000,
): Promise<void> {
  for (let waited = 0; !(await check()); waited += 20) {
    if (waited > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
