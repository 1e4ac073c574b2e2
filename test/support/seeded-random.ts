// The seeded generator of tests and benchmarks lives in src/shared (evaluation code uses it too).
export { seededRandom } from "../../src/shared/seeded-random.js";
