/**
 * The views under the header, in the order the view switch shows them. A new view is a line here and its component
 * in App.vue's table, which the type checker asks for (App.vue maps every view but the catalogue, its own main).
 */

export const VIEWS = [
  { value: 'catalogue', label: 'Catalogue' },
  { value: 'till', label: 'Till' },
  { value: 'stock', label: 'Stock' },
  { value: 'reports', label: 'Reports' }
] as const

/** The name of a view. */
export type AppView = (typeof VIEWS)[number]['value']
