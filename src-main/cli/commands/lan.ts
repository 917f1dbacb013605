/** `plant-store lan`: where the shop's other tills connect, and the certificate fingerprint they pin. */
import { ensureLanCertificate } from '#auth/lan-certificate'
import { readLanSettings } from '#settings/lan-settings'
import { urlHost } from '#server'
import type { Command } from '#cli/command'
import { dataOptionHelp, readOptions } from '#cli/options'

const help = `Usage: plant-store lan [--data DIR]

Says where the shop's other tills connect to this computer (lan.address and
lan.port, set with plant-store config) and prints the SHA-256 fingerprint of the
certificate they must pin (made now if there is none yet). Compare it with the
one a till is given when it pairs (plant-store pair … --fingerprint SHA256).

Options:
${dataOptionHelp()}
  -h, --help   show this help
`

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { dataDir } = readOptions(args, env, {})
  const { address, port, ignored } = await readLanSettings(dataDir)
  for (const words of ignored) process.stderr.write(`${words[0]!.toUpperCase()}${words.slice(1)}: set it with plant-store config set.\n`)
  if (address === undefined) {
    process.stdout.write('Other tills may not connect: no address set (plant-store config set lan.address 192.168.1.20).\n')
    return 0
  }
  const { fingerprint } = await ensureLanCertificate(dataDir, address)
  process.stdout.write(`Other tills connect at https://${urlHost(address)}:${port}\nCertificate SHA-256: ${fingerprint}\n`)
  return 0
}

export const lanCommand: Command = { summary: "where other tills connect, and the certificate's fingerprint", help, run }
