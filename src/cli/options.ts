// Parsers for command-line option values, failing with the option's name and what it expects.
import { SvcError } from "../errors.js";

export function integerOption(name: string, min: number, max: number) {
  return (value: string): number => {
    const number = Number(value);
    if (
      !/^\d+$/.test(value.trim()) ||
      !Number.isSafeInteger(number) ||
      number < min ||
      number > max
    ) {
      throw new SvcError(
        "invalid_argument",
        `${name}: expected an integer from ${min} to ${max}, got ${JSON.stringify(value)}`,
        `run the command again with ${name} in that range`,
      );
    }
    return number;
  };
}

export function timeOption(name: string) {
  return (value: string): Date => {
    const millis = Date.parse(value);
    if (Number.isNaN(millis) || !/^\d{4}-\d{2}-\d{2}/.test(value)) {
      throw new SvcError(
        "invalid_argument",
        `${name}: expected an ISO 8601 time such as 2026-11-21T12:00:00Z, got ${JSON.stringify(value)}`,
        `run the command again with a valid ${name}`,
      );
    }
    return new Date(millis);
  };
}

export function choiceOption<T extends string>(name: string, choices: readonly T[]) {
  return (value: string): T => {
    if (!(choices as readonly string[]).includes(value)) {
      throw new SvcError(
        "invalid_argument",
        `${name}: expected one of ${choices.join(", ")}, got ${JSON.stringify(value)}`,
        `run the command again with one of those values`,
      );
    }
    return value as T;
  };
}
