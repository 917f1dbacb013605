/**
 * Headings a shop's own sheet is likely to use for each field, in the
 * languages the UI's locale is likely to meet (English, German, French,
 * Spanish, Dutch, Italian), compared after {@link normalizeHeading}.
 */
import type { ImportField } from '#shared/import-mapping'

/** A heading as compared: lower case, without accents, units in brackets, currency signs, `:` or extra spaces. */
export function normalizeHeading(heading: string): string {
  return heading
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\(.*?\)|\[.*?\]/g, ' ')
    .replace(/\p{Sc}/gu, ' ')
    .replace(/[:*#]/g, ' ')
    .replace(/[_\s]+/g, ' ')
    .trim()
}

const HEADINGS: Record<Exclude<ImportField, 'id'>, string[]> = {
  name: [
    'name',
    'plant',
    'plant name',
    'product',
    'product name',
    'item',
    'item name',
    'title',
    'article',
    'bezeichnung',
    'artikel',
    'artikelname',
    'artikelbezeichnung',
    'pflanze',
    'pflanzenname',
    'produkt',
    'produktname',
    'nom',
    'nom du produit',
    'produit',
    'plante',
    'designation',
    'libelle',
    'nombre',
    'producto',
    'planta',
    'articulo',
    'nombre del producto',
    'naam',
    'productnaam',
    'artikelnaam',
    'omschrijving',
    'benaming',
    'nome',
    'prodotto',
    'pianta',
    'articolo'
  ],
  category: [
    'category',
    'type',
    'product type',
    'group',
    'family',
    'kategorie',
    'warengruppe',
    'gruppe',
    'art',
    'sorte',
    'categorie',
    'famille',
    'rayon',
    'categoria',
    'tipo',
    'familia',
    'soort',
    'groep',
    'productgroep'
  ],
  tags: [
    'tags',
    'tag',
    'labels',
    'keywords',
    'schlagworter',
    'stichworter',
    'schlagworte',
    'etiquettes',
    'mots cles',
    'etiquetas',
    'etiketten',
    'trefwoorden',
    'etichette'
  ],
  status: [
    'status',
    'state',
    'availability',
    'zustand',
    'verfugbarkeit',
    'statut',
    'etat',
    'disponibilite',
    'estado',
    'disponibilidad',
    'beschikbaarheid',
    'stato',
    'disponibilita'
  ],
  price: [
    'price',
    'retail price',
    'unit price',
    'selling price',
    'sales price',
    'preis',
    'verkaufspreis',
    'vk',
    'vk preis',
    'einzelpreis',
    'ladenpreis',
    'prix',
    'prix de vente',
    'prix ttc',
    'prix unitaire',
    'precio',
    'precio de venta',
    'pvp',
    'prijs',
    'verkoopprijs',
    'prijs incl btw',
    'prezzo',
    'prezzo di vendita'
  ],
  quantity: [
    'quantity',
    'qty',
    'stock',
    'in stock',
    'on hand',
    'inventory',
    'stock level',
    'count',
    'bestand',
    'menge',
    'anzahl',
    'lagerbestand',
    'stuck',
    'stuckzahl',
    'quantite',
    'qte',
    'en stock',
    'cantidad',
    'existencias',
    'inventario',
    'aantal',
    'voorraad',
    'hoeveelheid',
    'quantita',
    'giacenza'
  ],
  // Plant Store's own column first; then what other sheets call the level at which to order again.
  reorderAt: ['reorderat', 'reorder at', 'reorder level', 'reorder point', 'min stock', 'minimum stock', 'mindestbestand', 'meldebestand']
}

const BY_HEADING = new Map<string, ImportField>(
  Object.entries(HEADINGS).flatMap(([field, headings]) => headings.map((heading) => [heading, field as ImportField]))
)

/**
 * The field a heading names in a shop's own sheet. `id` only as Plant Store writes it (lowercase `id`): an "ID" or
 * "Id" column there is the shop's own numbering, and taken as Plant Store's ids it would rename and re-price whichever
 * plants have those numbers; such a column is not imported unless chosen in the mapping.
 */
export function fieldOfHeading(heading: string): ImportField | undefined {
  if (heading.trim() === 'id') return 'id'
  const key = normalizeHeading(heading)
  return key === 'id' ? undefined : BY_HEADING.get(key)
}
