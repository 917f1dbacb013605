/**
 * The one way both front ends (the desktop app, `plant-store serve`) start on a data folder: as a paired till when it
 * holds a pairing, as a first run when it was never set up and a first run is offered, else as the shop's main
 * computer. The till and the first run are the till layer's (till/); this wires the main computer's service into them.
 */
import { startFirstRun as startFirstRunOf, isFirstRun, type FirstRun as AnyFirstRun, type SetUpService as AnySetUp } from '#till/first-run'
import { readPairing } from '#till/pairing'
import { forgetReadCopy } from '#till/read-copy-file'
import { startTill } from '#till/service'
import { startService, type RunningService, type ServiceOptions } from './service'

/** What the computer became: the main computer's service, or a till's. */
export type SetUpService = AnySetUp<RunningService>

/** A first run in progress, then whatever it became (see till/first-run.ts). */
export type FirstRun = AnyFirstRun<RunningService>

/** What the desktop app and `plant-store serve` start on a data folder: the main computer, a paired till, or a first run. */
export type StartedService = SetUpService | { stage: 'first-run'; service: FirstRun }

/** Serves the first-run screen until the person chooses; choosing the main computer starts {@link startService}. */
export function startFirstRun(options: ServiceOptions): Promise<FirstRun> {
  return startFirstRunOf(options, startService)
}

/**
 * Starts on `options.dataDir`: a paired till's service when it holds a pairing, the first run when it was never set up
 * and `offerFirstRun` (the desktop app; `serve --first-run`), else the main computer's.
 */
export async function startOnDataFolder(options: ServiceOptions & { offerFirstRun?: boolean }): Promise<StartedService> {
  const pairing = await readPairing(options.dataDir)
  if (pairing) return { stage: 'till', pairing, service: await startTill({ ...options, pairing }) }
  // No till any more (its pairing deleted): what it read of its former main computer goes too.
  await forgetReadCopy(options.dataDir).catch(() => undefined)
  if (options.offerFirstRun && (await isFirstRun(options.dataDir))) return { stage: 'first-run', service: await startFirstRun(options) }
  return { stage: 'main', service: await startService(options) }
}
