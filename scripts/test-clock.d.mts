/** The moment a test run starts at (ISO 8601). */
export declare const TEST_EPOCH: string;
/** Milliseconds added to the machine's clock to get the run's clock. */
export declare const OFFSET: number;
/** The run's clock for a browser page, as an init script. */
export declare function browserClockScript(): string;
