// Types of test-parts.mjs (plain JavaScript: scripts/test.mjs imports it without a TypeScript loader).
export declare const REST_FILES: readonly string[];
export declare const REST_JOURNEYS: readonly string[];
export declare const DEEPER_IN_REST: readonly string[];
export declare function testPart(env?: NodeJS.ProcessEnv): 'quick' | 'rest' | undefined;
