/**
 * A seeded random draw (mulberry32) for property tests: the same run for the same seed, so
 * a failure can be replayed (`MONEY_SEED=n`).
 */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { below: (max: number) => Math.floor(next() * max), chance: (p: number) => next() < p };
}
