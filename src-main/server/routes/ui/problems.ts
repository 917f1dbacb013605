/** Rows of the problem table for the staff UI's pages. */
import { row } from '#server/problems/problem-row'

export const UI_PROBLEMS = {
  uiNotBuilt: row({
    type: 'about:blank',
    title: 'Service Unavailable',
    status: 503,
    detail: (dir: string) =>
      `The staff UI is not built (no index.html in ${dir}). Run \`npm run build\`, then restart the server. The API at /v3 works meanwhile.`
  })
}
