import { randomInt } from 'node:crypto';

let counter = 0;

/**
 * The official SDK only accepts ids matching ^\d+\.\d+$. The counter keeps ids unique on this node;
 * 47 random bits make a clash with another node's id of the same counter practically impossible.
 */
export function createSocketId(): string {
  counter = counter >= Number.MAX_SAFE_INTEGER ? 1 : counter + 1;
  return `${randomInt(1, 2 ** 47)}.${counter}`;
}

export function isValidSocketId(value: unknown): value is string {
  return typeof value === 'string' && /^\d{1,20}\.\d{1,20}$/.test(value);
}
