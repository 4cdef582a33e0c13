/** stopword 3.1.5 ships without types; evalgate reads only its English list. */
declare module 'stopword' {
  export const eng: readonly string[]
}
