/**
 * One embedding as the endpoint sent it. We ask for `encoding_format: "float"` (the SDK asks
 * for base64 unless told otherwise, and Ollama and LM Studio answer float arrays whatever is
 * asked, which the SDK would then decode as base64 into garbage); a server that still sends
 * base64 sends little-endian float32, as api.openai.com does.
 */
export function decodeEmbedding(embedding: unknown): number[] | null {
  if (Array.isArray(embedding)) return embedding.every((v) => typeof v === 'number' && Number.isFinite(v)) ? (embedding as number[]) : null
  if (typeof embedding !== 'string') return null
  const bytes = Buffer.from(embedding, 'base64')
  if (bytes.length === 0 || bytes.length % 4 !== 0) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const vector = Array.from({ length: bytes.length / 4 }, (_, i) => view.getFloat32(i * 4, true))
  return vector.every(Number.isFinite) ? vector : null
}
