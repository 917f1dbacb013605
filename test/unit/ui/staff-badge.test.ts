// @vitest-environment happy-dom
/** The header's staff badge: its accessible name contains the words it shows, so "click Anna F8" finds it. */
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import TheStaffBadge from '#renderer/components/shell/TheStaffBadge.vue'
import { useStaffStore } from '#renderer/stores/staff'

beforeEach(() => setActivePinia(createPinia()))

describe('the staff badge', () => {
  it('has an accessible name that starts with its visible text (the name and F8)', () => {
    useStaffStore().current = { id: 3, name: 'Anna', role: 'staff', locked: false }
    const wrapper = mount(TheStaffBadge)
    const button = wrapper.get('button')
    // The name and the key hint are set apart by the badge's gap, not by a space in the text.
    const visible = [...button.element.children].map((part) => part.textContent!.trim()).join(' ')
    expect(visible).toBe('Anna F8')
    expect(button.attributes('aria-label')!.startsWith(visible)).toBe(true)
    expect(button.attributes('aria-label')).toContain('Switch member')
    wrapper.unmount()
  })
})
