// Tests read JSON bodies of known shape; let them skip a cast at every `response.json()`.
interface Response {
  json(): Promise<any>
}
