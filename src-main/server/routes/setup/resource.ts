/**
 * A computer's first run (extension): what this computer is, and, while it is not set up yet, the two choices of
 * its first-run screen: it is the shop's main computer, or it connects to the main computer as a till (the pairing
 * of `plant-store pair`). Every app answers GET /v3/setup; only the first-run app, on this computer's own loopback
 * address with its local token, makes a choice: the main computer and a till say they are set up already. The main
 * computer then says whether the shop's own set-up is still to do, and POST /v3/setup/shop records it done
 * (main-computer.ts).
 */
import { validate, componentsOf } from '#shared/body-rules'
import { CONNECT_BODY, SETUP_PATHS } from '#shared/first-run'
import { extensionOperation, json, jsonBody, ownerOnlyResponse, problemResponse, ref, JSON_BODY_RESPONSES } from '#server/openapi/parts'
import { readJsonBody } from '#server/http/read-json-body'
import { problem } from '#server/problems/problems'
import { requireOwner } from '#server/security/security'
import type { SettingsOwner } from '#settings/settings-owner'
import type { H3 } from 'h3'
import { defineOperation, defineResource, registerResource } from '#server/routes/operation'
import { mainComputerSetup } from './main-computer'
import type { SetupAdmin } from './setup-admin'

export type { SetupAdmin } from './setup-admin'

const SET_UP_ALREADY = problemResponse('This computer is set up already (the main computer, or a till), or the other choice is being made.')

const getSetupDoc = extensionOperation({
  operationId: 'get-setup',
  summary: "What this computer is: not set up yet, the shop's main computer, or a till of it (extension)",
  responses: { '200': { description: 'The stage.', content: json(ref('SetupState')) } }
})

const becomeMainComputerDoc = extensionOperation({
  operationId: 'become-main-computer',
  summary: "First run: this computer is the shop's main computer; its catalogue starts (extension; loopback, first run only)",
  description: 'Answered on the first run only (plant-store serve --first-run, or the desktop app on a computer never set up).',
  responses: { '200': { description: 'Set up as the main computer.', content: json(ref('SetupState')) }, '409': SET_UP_ALREADY }
})

const connectToMainComputerDoc = extensionOperation({
  operationId: 'connect-to-main-computer',
  summary: "First run: pair with the shop's main computer and become its till (extension; loopback, first run only)",
  description:
    'Does what `plant-store pair` does: checks that the computer at `address` shows the certificate with `fingerprint` before ' +
    'anything is sent, trades the code for the till token over TLS pinned to it, keeps the pairing, and from then on this ' +
    'server forwards /v3 to the main computer. On any refusal nothing is kept and the computer stays not set up.',
  requestBody: jsonBody(CONNECT_BODY),
  responses: {
    '200': { description: 'Paired: this computer is a till now.', content: json(ref('SetupState')) },
    '400': problemResponse('A field is missing or wrong (an http:// address), or the certificate there has another fingerprint (nothing sent).'),
    '403': problemResponse('The main computer refused the code: wrong, used already or expired.'),
    '409': problemResponse('A till of that name exists on the main computer; or this computer is set up already.'),
    '429': problemResponse('Too many pairing attempts on the main computer this minute.'),
    '503': problemResponse('Nothing answers at the address.'),
    ...JSON_BODY_RESPONSES
  }
})

const finishShopSetUpDoc = extensionOperation({
  operationId: 'finish-shop-set-up',
  summary: "The shop's set-up is done or skipped: the staff UI stops showing it (extension; owner only, main computer)",
  description:
    'After a first run chose "main computer", GET /v3/setup answers `shopToSetUp: true` and the staff UI shows the shop\'s set-up ' +
    '(name, country, tax, owner, first plants; it writes them through the settings, staff and plant operations) until this is called.',
  responses: {
    '200': { description: 'Recorded; GET /v3/setup no longer answers shopToSetUp.', content: json(ref('SetupState')) },
    '403': ownerOnlyResponse("Only the owner's token may end the shop's set-up (a named token gets 403)."),
    '409': problemResponse('This computer is not the main computer (a till, or a first run not decided yet).')
  }
})

/** The stage and the connect body. */
export const setupSchemas = {
  ...componentsOf(CONNECT_BODY),
  SetupState: {
    type: 'object',
    required: ['stage'],
    properties: {
      stage: { type: 'string', enum: ['first-run', 'main', 'till'] },
      suggestedTill: { type: 'string', description: "First run: this computer's name as a till name." },
      primary: { type: 'string', description: 'A till: https://ADDRESS:PORT of the main computer.' },
      till: { type: 'string', description: 'A till: its name on the main computer.' },
      shopToSetUp: { type: 'boolean', enum: [true], description: "The main computer, while the shop's own set-up is still to do." }
    }
  }
}

/** What this computer is, and its first-run choices: the main computer's app answers as set up already. */
export const setupResource = defineResource({
  context: ({ setup, settings }: { setup?: SetupAdmin; settings?: SettingsOwner }) => setup ?? mainComputerSetup(settings!),
  schemas: setupSchemas,
  operations: [
    defineOperation<SetupAdmin>({
      method: 'GET',
      path: SETUP_PATHS.setup,
      openapi: getSetupDoc,
      handler: (_event, setup) => setup.state()
    }),
    defineOperation<SetupAdmin>({
      method: 'POST',
      path: SETUP_PATHS.main,
      staff: 'settings', // a first-run choice; on a computer set up already (where staff exist) it is refused anyway
      openapi: becomeMainComputerDoc,
      async handler(_event, setup) {
        if (!setup.becomeMain) throw problem('setUpAlready', await setup.state())
        return setup.becomeMain()
      }
    }),
    defineOperation<SetupAdmin>({
      method: 'POST',
      path: SETUP_PATHS.connect,
      staff: 'settings',
      body: CONNECT_BODY,
      openapi: connectToMainComputerDoc,
      async handler(event, setup) {
        if (!setup.connect) throw problem('setUpAlready', await setup.state())
        const checked = validate(CONNECT_BODY, await readJsonBody(event, 400))
        if (!checked.ok) throw problem('notConnected', checked.errors)
        return setup.connect(checked.value)
      }
    }),
    defineOperation<SetupAdmin>({
      method: 'POST',
      path: SETUP_PATHS.shop,
      staff: 'settings',
      openapi: finishShopSetUpDoc,
      async handler(event, setup) {
        if (!setup.finishShopSetUp) throw problem('setUpAlready', await setup.state())
        requireOwner(event, "end the shop's set-up")
        return setup.finishShopSetUp()
      }
    })
  ]
})

/** Registers GET /v3/setup and its POSTs (main, connect, shop) over `setup` (the first-run and till apps' own). */
export function registerSetupRoutes(app: H3, setup: SetupAdmin): void {
  registerResource(app, setupResource, { setup })
}
