// Types for scripts/start-env.mjs, which its test imports.
export declare function startEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
