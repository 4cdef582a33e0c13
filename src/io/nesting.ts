/**
 * How deep JSON read from a file may nest. JSON.parse takes any depth, but what comes after it
 * does not: JSON.stringify (a row's extra columns are sent to a command candidate as JSON),
 * zod and every recursive walk overflow the stack somewhere past a few thousand levels, with a
 * RangeError instead of a located error. No eval set, predictions file or ratings file needs
 * more than a few levels; 64 leaves room for any real one.
 */
export const MAX_JSON_DEPTH = 64

/**
 * The first top-level key of `value` under which it nests deeper than `max` levels (an object
 * or array counts one level), or null when nothing does. Walked with a stack of its own, so an
 * input nested a million levels deep is measured, not overflowing.
 */
export function tooDeep(value: Record<string, unknown>, max = MAX_JSON_DEPTH): string | null {
  for (const key of Object.keys(value)) {
    const stack: [unknown, number][] = [[value[key], 2]]
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      const [node, depth] = top
      if (node === null || typeof node !== 'object') continue
      if (depth > max) return key
      for (const child of Array.isArray(node) ? node : Object.values(node)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1])
    }
  }
  return null
}
