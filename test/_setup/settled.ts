/**
 * Waits in real time until `check()` holds, without moving a faked clock: `expect.poll` and `vi.waitFor` advance
 * fake timers while they wait, which would let a component's own period pass unnoticed. For tests that fake
 * setInterval only (setTimeout stays real); a check that never holds ends with the test's timeout.
 */
export async function settled(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10))
}
