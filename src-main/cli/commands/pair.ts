/** `plant-store pair`: makes this computer a till of the shop's main computer, over its LAN listener. */
import { mkdir } from 'node:fs/promises'
import { FIREWALL_WORDS, NO_ANSWER_CODES, normalizeFingerprint, notTlsWords, tillAddressProblem } from '#shared/lan'
import { tokenNameProblem } from '#shared/named-token'
import { CertificateMismatchError, NotTlsError } from '#lib/pinned-tls'
import { acquireDataDirLock } from '#store'
import { PairingRefusedError, defaultTillName, pairTill } from '#till/pairing'
import { CommandError, EXIT_CODES, UsageError, type Command } from '#cli/command'
import { dataOptionHelp, readOptions } from '#cli/options'

const help = `Usage: plant-store pair https://ADDRESS:PORT --code CODE --fingerprint SHA256 [--name TILL] [--data DIR]

Makes this computer a till of the shop's main computer. On the main computer the
owner sets where tills connect (plant-store config set lan.address …), restarts,
and makes a pairing code (Settings, or POST /v3/pairing-codes): it shows the
address, the code (one till, once, within 10 minutes) and the certificate's
SHA-256 fingerprint. This command checks that the computer at ADDRESS shows that
very certificate before it sends anything, trades the code for this till's own
token, and keeps address, certificate and token in DIR/pairing.json (readable by
you only). From then on plant-store serve on this computer serves the staff UI
here and sends every request to the main computer, over TLS with that
certificate only: a changed certificate, a wrong or expired code, or a till the
owner revoked is refused in words, never sent in plain text.

Options:
  --code CODE          the pairing code, e.g. 1234-5678
  --fingerprint SHA256 the certificate's fingerprint, hex pairs with or without colons
  --name TILL          this till's name on the main computer (default: this
                       computer's name); letters, digits, . _ -
${dataOptionHelp()}
  -h, --help           show this help
`

const PAIR_OPTIONS = { code: { type: 'string' }, fingerprint: { type: 'string' }, name: { type: 'string' } } as const

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const options = readOptions(args, env, PAIR_OPTIONS, true)
  const { values, dataDir } = options
  const [origin, ...rest] = options.positionals
  if (origin === undefined || rest.length > 0)
    throw new UsageError("give the main computer's address once, e.g. plant-store pair https://192.168.1.20:7421 --code …")
  const addressProblem = tillAddressProblem(origin)
  if (addressProblem !== undefined) throw new UsageError(addressProblem)
  if (values.code === undefined) throw new UsageError('give the pairing code with --code (the owner makes one on the main computer)')
  const fingerprint = normalizeFingerprint(values.fingerprint ?? '')
  if (fingerprint === undefined)
    throw new UsageError('give the certificate fingerprint the main computer shows with --fingerprint (64 hex digits, colons allowed)')
  const till = values.name ?? defaultTillName()
  const nameProblem = tokenNameProblem(till, 'till')
  if (nameProblem !== undefined) throw new UsageError(`--name: ${nameProblem}`)
  // The folder's lock while it pairs: a first-run screen or a server on this folder would set it up as well.
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const lock = await acquireDataDirLock(dataDir, 'plant-store pair', 'pair')
  try {
    const pairing = await pairTill(dataDir, new URL(origin).origin, { code: values.code, fingerprint, till })
    process.stdout.write(`Paired as till "${pairing.till}" with ${pairing.origin}. Start it with: plant-store serve\n`)
    return 0
  } catch (error) {
    if (error instanceof NotTlsError) throw new CommandError(`Not paired: ${notTlsWords(error.origin)} Nothing was sent.`, EXIT_CODES.notAllowed)
    if (error instanceof CertificateMismatchError) {
      throw new CommandError(
        `Not paired: ${error.origin} does not show the certificate with fingerprint ${fingerprint} (${error.why}). Check the address and the fingerprint on the main computer (plant-store lan); nothing was sent.`,
        EXIT_CODES.notAllowed
      )
    }
    if (error instanceof PairingRefusedError)
      throw new CommandError(`Not paired: ${error.detail}`, error.status === 409 ? EXIT_CODES.conflict : EXIT_CODES.notAllowed)
    const code = (error as NodeJS.ErrnoException).code ?? ''
    if (NO_ANSWER_CODES.has(code))
      throw new CommandError(
        `Not paired: nothing answers at ${origin} (${code}). Check the address and that the main computer is on; if both are right, ${FIREWALL_WORDS}. Nothing was sent.`,
        EXIT_CODES.failed
      )
    throw error
  } finally {
    await lock.release()
  }
}

export const pairCommand: Command = { summary: "make this computer a till of the shop's main computer", help, run }
