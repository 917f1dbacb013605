/**
 * The shop's set-up after the first run, against the real app (_real-api.ts): shown while the main computer says it
 * is to do, each screen checked with the server's rules before the next, the country's proposals taken and
 * changeable, and the whole written through the settings, staff and plant operations, ending the set-up for good.
 */
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ApiClient } from '#shared/api-client'
import { SAMPLE_COUNT } from '#shared/sample-plants'
import { useShopSetUpStore } from '#renderer/stores/shop-set-up'
import { useStaffStore } from '#renderer/stores/staff'
import { realApi } from './_real-api'

describe("the shop's set-up", () => {
  let client: ApiClient
  beforeEach(() => setActivePinia(createPinia()))

  it('is not shown on a main computer set up without the first run', async () => {
    await realApi()
    const setUp = useShopSetUpStore()
    await setUp.load()
    expect(setUp.toSetUp).toBe(false)
  })

  it('asks screen by screen, refusing what the server would, and sets up a UK shop with its owner and sample plants', async () => {
    ;({ client } = await realApi({ shopToSetUp: true }))
    const setUp = useShopSetUpStore()
    await setUp.load()
    expect(setUp.toSetUp).toBe(true)

    setUp.next()
    expect(setUp.step).toBe('shop')
    expect(setUp.errors.shopName).toEqual(['give the shop’s name: it heads every receipt'])
    setUp.form.shopName = 'The Green Door'
    setUp.form.shopAddress = '12 High Street, Bath'
    setUp.form.vatNumber = 'GB123456789'
    setUp.next()
    expect(setUp.step).toBe('country')
    setUp.next()
    expect(setUp.errors.country).toBeDefined()
    setUp.chooseCountry('GB')
    setUp.next()
    expect(setUp.step).toBe('tax')
    expect(setUp.form).toMatchObject({ currency: 'GBP', timeZone: 'Europe/London', pricesIncludeTax: true, plantsRate: 'standard' })
    expect(setUp.form.rates).toEqual([
      { id: 'standard', name: 'VAT 20%', percent: '20' },
      { id: 'reduced', name: 'VAT 5%', percent: '5' }
    ])

    setUp.form.rates[1]!.percent = 'five'
    setUp.next()
    expect(setUp.step).toBe('tax')
    expect(setUp.errors['taxRates[1].percent']).toBeDefined()
    setUp.form.rates[1]!.percent = '5'
    setUp.form.rates[1]!.name = ' '
    setUp.next()
    expect(setUp.errors['taxRates[1].name']).toEqual(['must not be blank']) // no "taxRates[1].name" in shop words
    setUp.form.rates[1]!.name = 'VAT 5%'
    setUp.next()
    expect(setUp.step).toBe('owner')

    setUp.form.ownerName = 'Olga'
    setUp.form.ownerPin = '12'
    setUp.next()
    expect(setUp.step).toBe('owner')
    expect(setUp.errors.pin).toEqual(['a PIN is 4 to 8 digits, like 2468'])
    setUp.form.ownerPin = '2468'
    setUp.next()
    expect(setUp.step).toBe('start')

    // Back to the country and on again: what was changed on the tax screen stays.
    setUp.form.rates[0]!.name = 'Standard VAT 20%'
    setUp.back()
    setUp.back()
    setUp.back()
    setUp.chooseCountry('GB')
    expect(setUp.form.rates[0]!.name).toBe('Standard VAT 20%')

    expect(await setUp.finish('samples')).toBe(true)
    expect(setUp.toSetUp).toBe(false)
    expect(await client.shopSettings()).toMatchObject({ currency: 'GBP', timeZone: 'Europe/London', locale: 'en-GB' }) // dates the country's way
    expect(await client.salesSettings()).toEqual({
      pricesIncludeTax: true,
      taxRates: [
        { id: 'standard', name: 'Standard VAT 20%', percent: 20 },
        { id: 'reduced', name: 'VAT 5%', percent: 5 }
      ],
      defaultTaxRate: 'standard',
      shopName: 'The Green Door',
      shopAddress: '12 High Street, Bath',
      vatNumber: 'GB123456789'
    })
    expect((await client.listPlants()).total).toBe(SAMPLE_COUNT)
    const staff = useStaffStore()
    expect(staff.members.map((member) => [member.name, member.role])).toEqual([['Olga', 'owner']])
    expect(staff.current?.name).toBe('Olga') // signed in: the owner is at the till
    expect(staff.locked).toBe(false)
    expect(await client.setupState()).toEqual({ stage: 'main' })
  })

  it('starts empty without an owner, and "Set up later" ends it with nothing else written', async () => {
    ;({ client } = await realApi({ shopToSetUp: true }))
    const setUp = useShopSetUpStore()
    await setUp.load()
    expect(await setUp.skip()).toBe(true)
    expect(await client.setupState()).toEqual({ stage: 'main' })
    expect(await client.salesSettings()).toEqual({ pricesIncludeTax: true, taxRates: [] })
    expect((await client.listPlants()).total).toBe(0)
  })

  it('sets up a US shop with tax added at the till and no rate but the one the owner adds', async () => {
    ;({ client } = await realApi({ shopToSetUp: true }))
    const setUp = useShopSetUpStore()
    await setUp.load()
    setUp.form.shopName = 'Fern & Co'
    setUp.chooseCountry('US')
    expect(setUp.countryNote).toMatch(/state and city/)
    setUp.addRate()
    Object.assign(setUp.form.rates[0]!, { name: 'Sales tax 8.875%', percent: '8,875' })
    setUp.form.plantsRate = setUp.form.rates[0]!.id
    expect(await setUp.finish('empty')).toBe(false) // three decimals: the server's rule says so, on the tax screen
    expect(setUp.step).toBe('tax')
    setUp.form.rates[0]!.percent = '8.88'
    expect(await setUp.finish('empty')).toBe(true)
    expect(await client.salesSettings()).toMatchObject({ pricesIncludeTax: false, taxRates: [{ percent: 8.88 }], defaultTaxRate: 'rate-1' })
    expect((await client.shopSettings()).currency).toBe('USD')
    expect((await client.listStaff()).members).toEqual([])
  })
})
