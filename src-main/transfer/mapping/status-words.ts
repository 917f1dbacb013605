/**
 * Status words as shops write them, in the languages of the known headings,
 * compared in lower case without accents. A word not here is shown in the
 * mapping step to be chosen, not refused row by row.
 */
import type { StatusWordTarget } from '#shared/import-mapping'

const WORDS: Record<StatusWordTarget, string[]> = {
  available: [
    'available',
    'in stock',
    'for sale',
    'active',
    'yes',
    'y',
    'verfugbar',
    'vorratig',
    'auf lager',
    'lieferbar',
    'ja',
    'disponible',
    'en stock',
    'en vente',
    'oui',
    'en existencia',
    'si',
    'beschikbaar',
    'op voorraad',
    'leverbaar',
    'disponibile'
  ],
  pending: [
    'pending',
    'reserved',
    'on hold',
    'on order',
    'backorder',
    'ordered',
    'reserviert',
    'zuruckgelegt',
    'bestellt',
    'vorbestellt',
    'reserve',
    'en attente',
    'commande',
    'reservado',
    'pendiente',
    'apartado',
    'gereserveerd',
    'in bestelling',
    'besteld',
    'riservato',
    'in attesa'
  ],
  sold: [
    'sold',
    'sold out',
    'out of stock',
    'gone',
    'verkauft',
    'ausverkauft',
    'nicht vorratig',
    'vergriffen',
    'vendu',
    'epuise',
    'rupture',
    'rupture de stock',
    'vendido',
    'agotado',
    'verkocht',
    'uitverkocht',
    'niet op voorraad',
    'venduto',
    'esaurito'
  ],
  skip: []
}

/** A word as compared. */
export function normalizeWord(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
}

const BY_WORD = new Map<string, StatusWordTarget>(
  Object.entries(WORDS).flatMap(([target, words]) => words.map((word) => [word, target as StatusWordTarget]))
)

/** What a status word means in a shop's own sheet, when known. */
export function statusOfWord(word: string): StatusWordTarget | undefined {
  return BY_WORD.get(normalizeWord(word))
}
