// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '#shared/api-client'
import { useApiClient } from '#renderer/api'
import PlantFormDialog from '#renderer/components/catalogue/PlantFormDialog.vue'
import { useToastsStore } from '#renderer/stores/toasts'
import { fakeApi, plant, type FakeApi } from './_fake-api'

let api: FakeApi

beforeEach(() => {
  setActivePinia(createPinia())
  api = fakeApi([plant({ id: 7, name: 'Fern', category: 'Ferns', tags: ['shade'] })])
  useApiClient(api.client)
  // happy-dom's <dialog> may lack showModal; the component only needs it to exist.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
})

function mountDialog(props: Record<string, unknown> = {}) {
  return mount(PlantFormDialog, { props, attachTo: document.body })
}

const field = (wrapper: ReturnType<typeof mountDialog>, label: string) => {
  const id = wrapper
    .findAll('label')
    .find((l) => l.text() === label)!
    .attributes('for')!
  return wrapper.find(`#${id}`)
}

describe('PlantFormDialog', () => {
  it('labels its fields Name, Category, Tags, Status (default Available) and has Save', () => {
    const wrapper = mountDialog()
    expect(wrapper.find('h2').text()).toBe('Add plant')
    for (const label of ['Name', 'Category', 'Tags', 'Status']) expect(field(wrapper, label).exists()).toBe(true)
    expect((field(wrapper, 'Status').element as HTMLSelectElement).value).toBe('available')
    expect(wrapper.find('button[type="submit"]').text()).toBe('Save')
  })

  it('turns comma-separated tags into chips and adds the plant on submit (Enter)', async () => {
    const wrapper = mountDialog()
    await field(wrapper, 'Name').setValue('  Monstera  ')
    await field(wrapper, 'Tags').setValue('indoor, shade,  ')
    expect(wrapper.findAll('.tag-chip').map((chip) => chip.text())).toEqual(['indoor', 'shade'])
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(api.client.addPlant).toHaveBeenCalledWith({ name: 'Monstera', tags: ['indoor', 'shade'], status: 'available' })
    expect(wrapper.emitted('close')).toHaveLength(1)
    expect(useToastsStore().toasts.at(-1)).toMatchObject({ kind: 'success', message: 'Added Monstera' })
  })

  it('shows the shared rule instantly under its field and sends nothing', async () => {
    const wrapper = mountDialog()
    await field(wrapper, 'Name').setValue('x'.repeat(201))
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    const name = field(wrapper, 'Name')
    expect(name.attributes('aria-invalid')).toBe('true')
    const error = wrapper.find(`#${name.attributes('aria-describedby')}`)
    expect(error.text()).toBe('Name is 201 characters long; at most 200 are allowed')
    expect(api.client.addPlant).not.toHaveBeenCalled()
    await name.setValue('Short')
    expect(wrapper.find('.field-error').exists()).toBe(false)
  })

  it("puts the server's errors[] under their fields, keeps what was typed, and toasts the failure", async () => {
    vi.mocked(api.client.addPlant).mockRejectedValueOnce(
      new ApiError({
        type: 'urn:plant-store:problem:invalid-input',
        title: 'Invalid input',
        status: 405,
        detail: 'The plant was not added: tag 2 must not be blank.',
        errors: [{ field: 'tags[1]', message: 'tag 2 must not be blank' }]
      })
    )
    const wrapper = mountDialog()
    await field(wrapper, 'Name').setValue('Fig')
    await field(wrapper, 'Tags').setValue('a, b')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(wrapper.find('#plant-tags-error').text()).toBe('Tag 2 must not be blank')
    expect(field(wrapper, 'Tags').attributes('aria-invalid')).toBe('true')
    expect((field(wrapper, 'Name').element as HTMLInputElement).value).toBe('Fig')
    expect(wrapper.emitted('close')).toBeUndefined()
    expect(useToastsStore().toasts.at(-1)).toMatchObject({ kind: 'error' })
  })

  it('edits: filled in, sends only what changed, and closes without a request when nothing did', async () => {
    const fern = api.plants[0]!
    const wrapper = mountDialog({ plant: fern })
    expect(wrapper.find('h2').text()).toBe('Edit Fern')
    expect((field(wrapper, 'Tags').element as HTMLInputElement).value).toBe('shade')
    await field(wrapper, 'Status').setValue('pending')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(api.client.savePlant).toHaveBeenCalledWith({ id: 7, status: 'pending' }, { ifVersion: 1 })

    const unchanged = mountDialog({ plant: fern })
    await unchanged.find('form').trigger('submit')
    await flushPromises()
    expect(api.client.savePlant).toHaveBeenCalledTimes(1)
    expect(unchanged.emitted('close')).toHaveLength(1)
  })

  it('explains that a name cannot be blanked instead of silently keeping it', async () => {
    const wrapper = mountDialog({ plant: api.plants[0] })
    await field(wrapper, 'Name').setValue('   ')
    await wrapper.find('form').trigger('submit')
    expect(wrapper.find('#plant-name-error').text()).toBe('Name must not be blank')
    expect(api.client.savePlant).not.toHaveBeenCalled()
  })

  it('closes on Esc (the dialog cancel event) and on Cancel', async () => {
    const wrapper = mountDialog()
    await wrapper.find('dialog').trigger('cancel')
    expect(wrapper.emitted('close')).toHaveLength(1)
    await wrapper
      .findAll('button')
      .find((b) => b.text() === 'Cancel')!
      .trigger('click')
    expect(wrapper.emitted('close')).toHaveLength(2)
  })
})
