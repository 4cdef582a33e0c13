/** wink-porter2-stemmer 2.0.1 ships CommonJS without types: one function, a lower-case English word → its Porter2 (Snowball English) stem. */
declare module 'wink-porter2-stemmer' {
  function stem(word: string): string
  export default stem
}
