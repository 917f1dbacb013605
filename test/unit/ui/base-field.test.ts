// @vitest-environment happy-dom
/** BaseField: the label, hint and error every form field has, and the aria its control binds. */
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { h } from 'vue'
import BaseField from '#renderer/components/base/BaseField.vue'

type Props = InstanceType<typeof BaseField>['$props']

function field(props: Props) {
  return mount(BaseField, {
    props,
    slots: { default: ({ aria }: { aria: object }) => h('input', { id: props.id, ...aria }) }
  })
}

describe('BaseField', () => {
  it('labels the control and names nothing while there is neither hint nor error', () => {
    const wrapper = field({ id: 'lan-port', label: 'Port' })
    expect(wrapper.classes()).toEqual(['field'])
    expect(wrapper.find('label').attributes('for')).toBe('lan-port')
    expect(wrapper.find('label').text()).toBe('Port')
    expect(wrapper.find('input').attributes('aria-invalid')).toBeUndefined()
    expect(wrapper.find('input').attributes('aria-describedby')).toBeUndefined()
    expect(wrapper.find('.field-error').exists()).toBe(false)
  })

  it('names the hint, then the error, and says a field’s messages as one sentence', () => {
    const wrapper = field({ id: 'plant-tags', label: 'Tags', hint: 'Separate with commas', error: ['Tag 2 must not be blank'] })
    const input = wrapper.find('input')
    expect(input.attributes('aria-invalid')).toBe('true')
    expect(input.attributes('aria-describedby')).toBe('plant-tags-hint plant-tags-error')
    expect(wrapper.find('#plant-tags-hint').classes()).toEqual(['field-hint'])
    expect(wrapper.find('#plant-tags-error').text()).toBe('Tag 2 must not be blank')
    expect(wrapper.find('#plant-tags-error').attributes('role')).toBeUndefined()
  })

  it('keeps each field’s own order, ids and alert', () => {
    const shop = field({
      id: 'shop-currency',
      label: 'Currency',
      hint: 'Prices show as €1.00',
      hintId: 'shop-currency-example',
      hintClass: 'muted',
      error: 'Not changed',
      alert: true,
      describe: 'error-hint'
    })
    expect(shop.find('select, input').attributes('aria-describedby')).toBe('shop-currency-error shop-currency-example')
    expect(shop.find('#shop-currency-error').attributes('role')).toBe('alert')
    expect(shop.find('#shop-currency-example').classes()).toEqual(['muted'])

    const line = field({
      id: 'below-zero-status-1',
      hint: 'Nothing to count',
      hintId: 'below-zero-hint-1',
      errorId: 'below-zero-error-1',
      describe: 'error-else-hint'
    })
    expect(line.find('input').attributes('aria-describedby')).toBe('below-zero-hint-1')
    expect(
      field({ id: 'x', hint: 'h', hintId: 'x-h', errorId: 'x-e', error: 'wrong', describe: 'error-else-hint' })
        .find('input')
        .attributes('aria-describedby')
    ).toBe('x-e')
  })

  it('as an inline form, writes its hint and error as spans and takes no field class', () => {
    const wrapper = field({ id: 'below-zero-count-1', as: 'form', hint: 'Whole pots', error: 'Type a number' })
    expect(wrapper.element.tagName).toBe('FORM')
    expect(wrapper.classes()).toEqual([])
    expect(wrapper.find('#below-zero-count-1-hint').element.tagName).toBe('SPAN')
    expect(wrapper.find('#below-zero-count-1-error').element.tagName).toBe('SPAN')
  })

  it('shows no error for an empty one', () => {
    expect(field({ id: 'token-name', error: '' }).find('.field-error').exists()).toBe(false)
    expect(field({ id: 'token-name', error: null }).find('input').attributes('aria-invalid')).toBeUndefined()
  })
})
