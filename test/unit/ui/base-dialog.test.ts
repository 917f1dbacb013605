// @vitest-environment happy-dom
/** BaseDialog: every dialog is shown modal while mounted, focuses what it is told, asks on Esc, gives focus back. */
import { mount } from '@vue/test-utils'
import { beforeEach, describe, expect, it } from 'vitest'
import { h } from 'vue'
import BaseDialog from '#renderer/components/base/BaseDialog.vue'
import { freshDialogTest } from './_dialog-setup'

beforeEach(() => {
  freshDialogTest()
  document.body.innerHTML = ''
})

function opener(): HTMLButtonElement {
  const button = document.createElement('button')
  document.body.append(button)
  button.focus()
  return button
}

const content = () => [h('button', { class: 'first' }, 'First'), h('button', { class: 'ok' }, 'OK')]

describe('BaseDialog', () => {
  it('opens modal with focus on its focus selector, its attributes on the <dialog>', () => {
    const wrapper = mount(BaseDialog, {
      props: { focus: '.ok' },
      attrs: { class: 'plant-dialog', 'aria-labelledby': 'title' },
      slots: { default: content },
      attachTo: document.body
    })
    const dialog = wrapper.find('dialog')
    expect(dialog.attributes('open')).toBeDefined()
    expect(dialog.classes()).toContain('plant-dialog')
    expect(dialog.attributes('aria-labelledby')).toBe('title')
    expect(document.activeElement?.className).toBe('ok')
    expect(wrapper.vm.element).toBe(dialog.element)
    wrapper.unmount()
  })

  it('asks through cancel on Esc and stays open: its owner closes it', async () => {
    const wrapper = mount(BaseDialog, { slots: { default: content }, attachTo: document.body })
    const cancel = new Event('cancel', { cancelable: true })
    wrapper.find('dialog').element.dispatchEvent(cancel)
    expect(cancel.defaultPrevented).toBe(true)
    expect(wrapper.emitted('cancel')).toHaveLength(1)
    wrapper.unmount()
  })

  it('gives focus back to what opened it, unless told not to', () => {
    const button = opener()
    mount(BaseDialog, { props: { focus: '.ok' }, slots: { default: content }, attachTo: document.body }).unmount()
    expect(document.activeElement).toBe(button)

    opener()
    mount(BaseDialog, { props: { focus: '.ok', returnFocus: false }, slots: { default: content }, attachTo: document.body }).unmount()
    expect(document.activeElement).toBe(document.body)
  })
})
