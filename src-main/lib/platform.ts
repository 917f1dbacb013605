/**
 * The operating system whose rules the app follows where Windows, macOS and
 * Linux differ (folder fsync, renames, POSIX owners and modes, process start
 * times). It is process.platform, except in a process where a platform
 * emulation was loaded before the app: the test suite's Windows semantics
 * (test/_setup/windows/) set it, so the Windows code paths run on Linux against
 * a file system that behaves like Windows. Functions that branch on it take the
 * platform as a parameter defaulting to this, so a unit test passes another.
 */

/** The global slot an emulation sets before the app loads; nothing in the app writes it. */
const EMULATED_PLATFORM = Symbol.for('plant-store.emulated-platform')

/** The platform whose rules apply in this process. */
export function hostPlatform(): NodeJS.Platform {
  const emulated = (globalThis as Record<symbol, unknown>)[EMULATED_PLATFORM]
  return typeof emulated === 'string' ? (emulated as NodeJS.Platform) : process.platform
}
