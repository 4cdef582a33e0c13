/** Where `evalgate baseline`, the Action's baseline mode and a run's fix command put the baseline by default. */
export const DEFAULT_BASELINE_PATH = 'baselines/baseline.json'
