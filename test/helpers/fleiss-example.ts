/**
 * The worked example of Fleiss' kappa (Fleiss 1971, as reproduced on Wikipedia's "Fleiss'
 * kappa" page): 10 subjects, 14 raters, 5 categories; P̄ = 0.378, P_e = 0.213, κ = 0.210.
 */
export const FLEISS_EXAMPLE = [
  [0, 0, 0, 0, 14],
  [0, 2, 6, 4, 2],
  [0, 0, 3, 5, 6],
  [0, 3, 9, 2, 0],
  [2, 2, 8, 1, 1],
  [7, 7, 0, 0, 0],
  [3, 2, 6, 3, 0],
  [2, 5, 3, 2, 2],
  [6, 5, 2, 1, 0],
  [0, 2, 2, 3, 7],
]
