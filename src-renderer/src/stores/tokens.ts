/**
 * The owner's named tokens, for the Settings dialog: one per script or till,
 * each read-write or read-only, made and revoked here. Only the owner's
 * session may see them; any other gets the server's 403 as `error`.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { ApiError } from '#shared/api-client'
import type { CreatedToken, NamedTokenInfo, TokenScope } from '#shared/named-token'
import { api } from '#renderer/api'

export const useTokensStore = defineStore('tokens', () => {
  const tokens = ref<NamedTokenInfo[]>([])
  const loading = ref(false)
  /** Why the list could not be shown (e.g. this page was not opened with the owner's token). */
  const error = ref<ApiError | null>(null)

  async function load(): Promise<void> {
    loading.value = true
    try {
      tokens.value = await api().listTokens()
      error.value = null
    } catch (failure) {
      error.value = failure instanceof ApiError ? failure : new ApiError({ type: 'about:blank', title: 'Error', status: 0, detail: String(failure) })
    } finally {
      loading.value = false
    }
  }

  /** Makes a token; resolves with it, secret included (shown once). Rethrows the ApiError for the form. */
  async function create(name: string, scope: TokenScope): Promise<CreatedToken> {
    const created = await api().createToken(name, scope)
    await load()
    return created
  }

  async function revoke(name: string): Promise<void> {
    await api().revokeToken(name)
    await load()
  }

  return { tokens, loading, error, load, create, revoke }
})
