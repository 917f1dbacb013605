/**
 * The LAN listener's TLS certificate: made on this computer at first use (selfsigned, over @peculiar/x509 and
 * WebCrypto: an ECDSA P-256 key, SHA-256 signature), kept in the data folder (DATA/lan-key.pem 0600,
 * DATA/lan-certificate.pem) and never replaced on its own: the tills pin its fingerprint, so a new one means
 * pairing every till again. No authority signs it; the fingerprint shown to the owner is what a till trusts.
 */
import { X509Certificate } from 'node:crypto'
import path from 'node:path'
import { normalizeFingerprint } from '#shared/lan'
import { replaceFile } from '#lib/durable-file'
import { readTextIfPresent } from '#lib/fs-errors'
import { withFileLock } from '#lib/file-lock'
import { checkDataFolder } from '#store'

/** The certificate's and its key's file names in the data folder. */
export const LAN_CERTIFICATE_FILE_NAME = 'lan-certificate.pem'
export const LAN_KEY_FILE_NAME = 'lan-key.pem'

/** How long a certificate is valid: long, since a renewal means pairing every till again. */
const VALID_YEARS = 20

/** A certificate and its key, PEM, with the certificate's SHA-256 fingerprint. */
export interface LanCertificate {
  cert: string
  key: string
  fingerprint: string
}

/** The SHA-256 fingerprint of a PEM certificate (upper-case hex pairs joined by colons). */
export function fingerprintOf(certPem: string): string {
  return normalizeFingerprint(new X509Certificate(certPem).fingerprint256)!
}

/** The certificate of `dataDir`, or undefined when none was made yet. */
export async function readLanCertificate(dataDir: string): Promise<LanCertificate | undefined> {
  // Never a key another account could have written or linked (see data-folder-trust.ts).
  await checkDataFolder(dataDir, [LAN_CERTIFICATE_FILE_NAME, LAN_KEY_FILE_NAME])
  const [cert, key] = await Promise.all([
    readTextIfPresent(path.join(dataDir, LAN_CERTIFICATE_FILE_NAME)),
    readTextIfPresent(path.join(dataDir, LAN_KEY_FILE_NAME))
  ])
  if (cert === undefined || key === undefined) return undefined
  return { cert, key, fingerprint: fingerprintOf(cert) }
}

async function makeCertificate(address: string, now: Date): Promise<{ cert: string; key: string }> {
  const notAfterDate = new Date(now)
  notAfterDate.setUTCFullYear(now.getUTCFullYear() + VALID_YEARS)
  // Loaded only to make a certificate (once per data folder): it is several times the size of the rest of the server.
  const { default: selfsigned } = await import('selfsigned')
  const made = await selfsigned.generate([{ name: 'commonName', value: 'Plant Store' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: now,
    notAfterDate,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: address }] }]
  })
  return { cert: made.cert, key: made.private }
}

/** The certificate of `dataDir`, made for `address` when there is none yet (under a lock: two first starts make one). */
export async function ensureLanCertificate(dataDir: string, address: string, now = new Date()): Promise<LanCertificate> {
  const certFile = path.join(dataDir, LAN_CERTIFICATE_FILE_NAME)
  return withFileLock(certFile, async () => {
    const existing = await readLanCertificate(dataDir)
    if (existing) return existing
    const { cert, key } = await makeCertificate(address, now)
    // The key first: a certificate on disk always has its key.
    await replaceFile(path.join(dataDir, LAN_KEY_FILE_NAME), key)
    await replaceFile(certFile, cert)
    return { cert, key, fingerprint: fingerprintOf(cert) }
  })
}
