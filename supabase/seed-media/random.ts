// A seeded pseudo-random source, so every generated image is the same on every machine.
import { createHash } from 'node:crypto';

export interface Random {
  /** A number in [0, 1). */
  next(): number;
  between(min: number, max: number): number;
  integer(min: number, max: number): number;
  pick<T>(choices: readonly T[]): T;
  chance(probability: number): boolean;
}

export function randomFor(seed: string): Random {
  // mulberry32 over the first 32 bits of the seed's SHA-1.
  let state = createHash('sha1').update(seed).digest().readUInt32LE(0);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const between = (min: number, max: number) => min + (max - min) * next();
  return {
    next,
    between,
    integer: (min, max) => Math.floor(between(min, max + 1)),
    pick: (choices) => {
      const choice = choices[Math.floor(next() * choices.length)];
      if (choice === undefined) throw new Error('pick() needs at least one choice');
      return choice;
    },
    chance: (probability) => next() < probability,
  };
}
