import { BaseSequencer } from 'vitest/node';
/** The longest test files first, across projects. */
export default class LongestFirst extends BaseSequencer {}
