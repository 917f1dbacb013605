/** Preload: exposes nothing yet; the desktop issue hands the UI { apiBaseUrl, token, version } here. */
export {}
