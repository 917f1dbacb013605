/** The `qrcode` library's core (lib/core/qrcode.js): its `create`, typed as the package's. */
declare module 'qrcode/lib/core/qrcode' {
  export { create } from 'qrcode'
}
