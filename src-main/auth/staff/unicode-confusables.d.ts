/** `unicode-confusables` ships its types as index.ts.d, which TypeScript does not find: its one function used here. */
declare module 'unicode-confusables' {
  /** Each character of `text` replaced by the prototype Unicode's confusables.txt (UTS #39) gives it; zero-width ones dropped. */
  export function rectifyConfusion(text: string): string
}
