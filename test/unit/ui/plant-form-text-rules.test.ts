// @vitest-environment happy-dom
/** Text input in the form: the live checks and the tag preview follow the shared text rules. */
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { useApiClient } from '#renderer/api'
import PlantFormDialog from '#renderer/components/catalogue/PlantFormDialog.vue'
import { fakeApi, type FakeApi } from './_fake-api'

let api: FakeApi

beforeEach(() => {
  setActivePinia(createPinia())
  api = fakeApi([])
  useApiClient(api.client)
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
})

describe('PlantFormDialog and the text rules', () => {
  it('explains a direction-changing character under the name as it is left, and sends nothing', async () => {
    const wrapper = mount(PlantFormDialog, { attachTo: document.body })
    const name = wrapper.find('#plant-name')
    await name.setValue('invoice\u202egpj.exe')
    await name.trigger('blur')
    expect(wrapper.find('#plant-name-error').text()).toMatch(/^Name contains an invisible direction-changing character \(U\+202E\)/)
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(api.client.addPlant).not.toHaveBeenCalled()
  })

  it('refuses a tag made only of zero-width characters', async () => {
    const wrapper = mount(PlantFormDialog, { attachTo: document.body })
    await wrapper.find('#plant-name').setValue('Fern')
    await wrapper.find('#plant-tags').setValue('shade, \u200b\u200b')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(wrapper.find('#plant-tags-error').text()).toMatch(/only invisible characters/)
    expect(api.client.addPlant).not.toHaveBeenCalled()
  })

  it('previews Café typed two ways, and in two cases, as one tag, as the server will store it', async () => {
    const wrapper = mount(PlantFormDialog, { attachTo: document.body })
    await wrapper.find('#plant-name').setValue('Fern')
    await wrapper.find('#plant-tags').setValue('Cafe\u0301, CAF\u00c9, café, shade')
    expect(wrapper.findAll('.tag-chip').map((chip) => chip.text())).toEqual(['Caf\u00e9', 'shade'])
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(api.client.addPlant).toHaveBeenCalledWith({ name: 'Fern', tags: ['Caf\u00e9', 'shade'], status: 'available' })
  })
})
